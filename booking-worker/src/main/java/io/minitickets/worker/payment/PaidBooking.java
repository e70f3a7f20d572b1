package io.minitickets.worker.payment;

import java.time.Instant;
import java.util.UUID;

import io.minitickets.core.messaging.BookingSettled;
import io.minitickets.core.messaging.BookingStatus;
import io.minitickets.core.status.CachedBooking;
import org.jspecify.annotations.Nullable;

/**
 * A booking as a payment found it, or left it.
 *
 * @param bookingId the booking
 * @param eventId its event
 * @param userId its user
 * @param quantity its seats
 * @param status where it is
 * @param settledAt when the worker settled it
 * @param hold its expiry, amount and currency; null for a free event's booking
 */
record PaidBooking(UUID bookingId, long eventId, long userId, int quantity, BookingStatus status, Instant settledAt,
		CachedBooking.@Nullable Hold hold) {

	PaidBooking withStatus(BookingStatus newStatus) {
		return new PaidBooking(this.bookingId, this.eventId, this.userId, this.quantity, newStatus, this.settledAt,
				this.hold);
	}

	CachedBooking toCachedBooking() {
		return new CachedBooking(this.bookingId, this.eventId, this.userId, this.quantity, this.status, null,
				this.hold);
	}

	BookingSettled toMessage() {
		return new BookingSettled(this.bookingId, this.eventId, this.userId, this.quantity, this.status, null,
				this.settledAt, (this.hold != null) ? this.hold.expiresAt() : null,
				(this.hold != null) ? this.hold.amount() : null, (this.hold != null) ? this.hold.currency() : null);
	}

}
