package io.minitickets.worker.cancellation;

import java.time.Instant;
import java.util.UUID;

import io.minitickets.core.messaging.BookingStatus;
import io.minitickets.core.status.CachedBooking;
import io.minitickets.worker.release.ReleasedBooking;
import org.jspecify.annotations.Nullable;

/**
 * A booking as a cancellation found it, with its event's deadline.
 *
 * @param bookingId the booking
 * @param eventId its event
 * @param userId its owner
 * @param quantity its seats
 * @param status where it is
 * @param settledAt when the worker settled it
 * @param hold its expiry, amount and currency; null for a free event's booking
 * @param pastDeadline true when the event's {@code cancellable_until} has passed by Postgres's clock
 */
record CancellableBooking(UUID bookingId, long eventId, long userId, int quantity, BookingStatus status,
		Instant settledAt, CachedBooking.@Nullable Hold hold, boolean pastDeadline) {

	/**
	 * @param status what it became: CANCELLED, or REFUNDED (an operator's refund)
	 * @param endedAt when the cancellation's transaction ran
	 * @return the booking ended, for the seat release
	 */
	ReleasedBooking ended(BookingStatus status, Instant endedAt) {
		return new ReleasedBooking(this.bookingId, this.eventId, this.userId, this.quantity, status, this.settledAt,
				this.hold, endedAt);
	}

}
