package io.minitickets.worker.waitlist;

import java.time.Instant;
import java.util.UUID;

import io.minitickets.core.messaging.BookingSettled;
import io.minitickets.core.messaging.BookingStatus;
import io.minitickets.core.status.CachedBooking;
import org.jspecify.annotations.Nullable;

/**
 * A booking made for a waiting-list entry out of returned seats: HELD with the event's {@code offer_seconds} for a paid
 * event, CONFIRMED at once for a free one (nothing to pay, and the customer asked for these seats by joining).
 *
 * @param entryId the entry it was made for
 * @param bookingId the new booking
 * @param eventId its event
 * @param userId the entry's user
 * @param quantity the entry's seats
 * @param status HELD or CONFIRMED
 * @param settledAt when the transaction that made it ran
 * @param hold expiry ({@code settledAt} + {@code offer_seconds}), amount (price × quantity, minor units) and currency;
 * null for a free event's offer
 */
public record WaitlistOffer(long entryId, UUID bookingId, long eventId, long userId, int quantity, BookingStatus status,
		Instant settledAt, CachedBooking.@Nullable Hold hold) {

	/**
	 * @return the status cache entry
	 */
	public CachedBooking toCachedBooking() {
		return new CachedBooking(this.bookingId, this.eventId, this.userId, this.quantity, this.status, null,
				this.hold);
	}

	/**
	 * @return the booking's state for {@code bookings.settled}
	 */
	public BookingSettled toMessage() {
		return new BookingSettled(this.bookingId, this.eventId, this.userId, this.quantity, this.status, null,
				this.settledAt, (this.hold != null) ? this.hold.expiresAt() : null,
				(this.hold != null) ? this.hold.amount() : null, (this.hold != null) ? this.hold.currency() : null);
	}

}
