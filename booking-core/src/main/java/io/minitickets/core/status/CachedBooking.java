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
 */
public record CachedBooking(UUID bookingId, long eventId, long userId, int quantity, BookingStatus status,
		@Nullable RejectionReason reason, @Nullable Hold hold) {

	/**
	 * A booking without a hold: pending, rejected, or of a free event.
	 * @param bookingId the booking
	 * @param eventId its event
	 * @param userId its owner
	 * @param quantity seats asked for
	 * @param status where it is
	 * @param reason why it was rejected; null otherwise
	 */
	public CachedBooking(UUID bookingId, long eventId, long userId, int quantity, BookingStatus status,
			@Nullable RejectionReason reason) {
		this(bookingId, eventId, userId, quantity, status, reason, null);
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
