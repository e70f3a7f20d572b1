package io.minitickets.worker.expiry;

import java.time.Instant;
import java.util.UUID;

import io.minitickets.core.inventory.ReturnedBooking;
import io.minitickets.core.messaging.BookingSettled;
import io.minitickets.core.messaging.BookingStatus;
import io.minitickets.core.status.CachedBooking;

/**
 * A HELD booking that one expiry transaction made EXPIRED.
 *
 * @param bookingId the booking
 * @param eventId its event
 * @param userId its user
 * @param quantity the seats it held, now free
 * @param settledAt when the worker settled it HELD
 * @param hold what it held: expiry, amount and currency
 * @param endedAt when the transaction that expired it ran ({@code ended_at})
 */
record ExpiredHold(UUID bookingId, long eventId, long userId, int quantity, Instant settledAt,
		CachedBooking.Hold hold, Instant endedAt) {

	/**
	 * @return what the gate's RETURN needs
	 */
	ReturnedBooking toReturned() {
		return new ReturnedBooking(this.bookingId, this.userId, this.quantity, this.endedAt);
	}

	/**
	 * @return the status cache entry
	 */
	CachedBooking toCachedBooking() {
		return new CachedBooking(this.bookingId, this.eventId, this.userId, this.quantity, BookingStatus.EXPIRED, null,
				this.hold);
	}

	/**
	 * @return the booking's new state for {@code bookings.settled}
	 */
	BookingSettled toMessage() {
		return new BookingSettled(this.bookingId, this.eventId, this.userId, this.quantity, BookingStatus.EXPIRED,
				null, this.settledAt, this.hold.expiresAt(), this.hold.amount(), this.hold.currency());
	}

}
