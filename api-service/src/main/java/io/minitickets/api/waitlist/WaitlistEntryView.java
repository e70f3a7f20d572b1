package io.minitickets.api.waitlist;

import java.util.UUID;

import org.jspecify.annotations.Nullable;

/**
 * A customer's waiting-list entry as the API shows it.
 *
 * @param entryId the entry
 * @param eventId its event
 * @param quantity seats wanted
 * @param position 1 for the oldest WAITING entry of the event; null once the entry is no longer WAITING. An entry
 * whose quantity does not fit the seats that come back is passed over by smaller ones behind it, so this is the order
 * of service among entries that fit, not a promise
 * @param state WAITING or OFFERED (a booking made for it, named in {@code offerBookingId}: pay it within the event's
 * offer window, or for a free event it is CONFIRMED at once and the entry TAKEN)
 * @param offerBookingId the offer's booking (its status URL is {@code /api/bookings/{id}}), null while WAITING
 */
record WaitlistEntryView(long entryId, long eventId, int quantity, @Nullable Long position, String state,
		@Nullable UUID offerBookingId) {
}
