package io.minitickets.worker.settlement;

import java.time.Instant;
import java.util.UUID;

import io.minitickets.core.messaging.BookingRequested;
import io.minitickets.core.messaging.BookingSettled;
import io.minitickets.core.messaging.BookingStatus;
import io.minitickets.core.messaging.RejectionReason;
import io.minitickets.core.status.CachedBooking;
import org.jspecify.annotations.Nullable;

/**
 * One booking as Postgres settled it: a row of {@code bookings}.
 *
 * @param bookingId the booking
 * @param eventId its event
 * @param userId its user
 * @param quantity seats it asked for
 * @param gated whether the gate held a lease for it when it was accepted
 * @param requestedAt when the API accepted it
 * @param status CONFIRMED or REJECTED
 * @param reason why it was rejected; null when confirmed
 * @param settledAt when it was settled (microsecond precision, as Postgres keeps it)
 * @param replay true when Postgres had settled it before this batch: nothing was written for it now
 */
record Settlement(UUID bookingId, long eventId, long userId, int quantity, boolean gated, Instant requestedAt,
		BookingStatus status, @Nullable RejectionReason reason, Instant settledAt, boolean replay) {

	/**
	 * Confirms a request.
	 * @param request the request
	 * @param settledAt when, microsecond precision
	 * @return a new CONFIRMED settlement
	 */
	static Settlement confirmed(BookingRequested request, Instant settledAt) {
		return of(request, BookingStatus.CONFIRMED, null, settledAt);
	}

	/**
	 * Rejects a request.
	 * @param request the request
	 * @param reason why
	 * @param settledAt when, microsecond precision
	 * @return a new REJECTED settlement
	 */
	static Settlement rejected(BookingRequested request, RejectionReason reason, Instant settledAt) {
		return of(request, BookingStatus.REJECTED, reason, settledAt);
	}

	private static Settlement of(BookingRequested request, BookingStatus status, @Nullable RejectionReason reason,
			Instant settledAt) {
		return new Settlement(request.bookingId(), request.eventId(), request.userId(), request.quantity(),
				request.gated(), request.requestedAt(), status, reason, settledAt, false);
	}

	/**
	 * Seats this settlement took from the event.
	 * @return the quantity when confirmed, else 0
	 */
	int seatsTaken() {
		return (this.status == BookingStatus.CONFIRMED) ? this.quantity : 0;
	}

	/**
	 * The message for {@code bookings.settled}.
	 * @return the message
	 */
	BookingSettled toMessage() {
		return new BookingSettled(this.bookingId, this.eventId, this.userId, this.quantity, this.status, this.reason,
				this.settledAt);
	}

	/**
	 * The status cache entry clients poll.
	 * @return the entry
	 */
	CachedBooking toCachedBooking() {
		return new CachedBooking(this.bookingId, this.eventId, this.userId, this.quantity, this.status, this.reason);
	}

}
