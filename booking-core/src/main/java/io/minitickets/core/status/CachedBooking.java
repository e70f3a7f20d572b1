package io.minitickets.core.status;

import java.time.Instant;
import java.util.UUID;

import io.minitickets.core.messaging.BookingStatus;
import io.minitickets.core.messaging.RejectionReason;
import org.jspecify.annotations.Nullable;

/**
 * A booking as the status cache holds it.
 *
 * @param bookingId the booking
 * @param eventId its event
 * @param userId its owner
 * @param quantity seats asked for
 * @param status where it is
 * @param reason why it was rejected; null otherwise
 * @param hold what a paid booking holds: its expiry and amount; null for a free or still pending booking
 * @param place where a PENDING booking's record sits in {@code bookings.requested}; null once past PENDING, and
 * until the API recorded it after the broker's acknowledgement (the status cache only reads it, never writes it)
 */
public record CachedBooking(UUID bookingId, long eventId, long userId, int quantity, BookingStatus status,
		@Nullable RejectionReason reason, @Nullable Hold hold, @Nullable QueuePlace place) {

	/**
	 * A booking as a writer of the status cache builds it: without a place, which only the API records (after the
	 * broker's acknowledgement, {@link BookingStatusCache#recordPlaceAsync}) and only the cache's reads return.
	 * @param bookingId the booking
	 * @param eventId its event
	 * @param userId its owner
	 * @param quantity seats asked for
	 * @param status where it is
	 * @param reason why it was rejected; null otherwise
	 * @param hold what a paid booking holds; null for a free or still pending booking
	 */
	public CachedBooking(UUID bookingId, long eventId, long userId, int quantity, BookingStatus status,
			@Nullable RejectionReason reason, @Nullable Hold hold) {
		this(bookingId, eventId, userId, quantity, status, reason, hold, null);
	}

	/**
	 * The hold of a paid event's booking.
	 *
	 * @param expiresAt when the hold expires (or expired) unpaid
	 * @param amount what the booking costs, in minor units of {@code currency}
	 * @param currency ISO 4217 code
	 */
	public record Hold(Instant expiresAt, long amount, String currency) {
	}

}
