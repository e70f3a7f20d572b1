package io.minitickets.worker.release;

import java.time.Instant;
import java.util.UUID;

import io.minitickets.core.inventory.ReturnedBooking;
import io.minitickets.core.messaging.BookingSettled;
import io.minitickets.core.messaging.BookingStatus;
import io.minitickets.core.status.CachedBooking;
import org.jspecify.annotations.Nullable;

/**
 * A booking that one transaction ended (EXPIRED, CANCELLED, or REFUNDED by an operator) and whose seats it gave back.
 *
 * @param bookingId the booking
 * @param eventId its event
 * @param userId its user
 * @param quantity the seats it took, now free
 * @param status what it became: EXPIRED, CANCELLED or REFUNDED
 * @param settledAt when the worker settled it
 * @param hold what it held: expiry, amount and currency; null for a free event's booking
 * @param endedAt when the transaction that ended it ran ({@code ended_at})
 * @param offered seats of it that waiting-list offers took in that transaction (0 to {@code quantity}); the gate gets
 * back only the others
 */
public record ReleasedBooking(UUID bookingId, long eventId, long userId, int quantity, BookingStatus status,
		Instant settledAt, CachedBooking.@Nullable Hold hold, Instant endedAt, int offered) {

	/**
	 * A booking just ended, none of whose seats went to an offer yet.
	 * @param bookingId the booking
	 * @param eventId its event
	 * @param userId its user
	 * @param quantity its seats
	 * @param status EXPIRED, CANCELLED or REFUNDED
	 * @param settledAt when the worker settled it
	 * @param hold what it held; null for a free event's booking
	 * @param endedAt when it ended
	 */
	public ReleasedBooking(UUID bookingId, long eventId, long userId, int quantity, BookingStatus status,
			Instant settledAt, CachedBooking.@Nullable Hold hold, Instant endedAt) {
		this(bookingId, eventId, userId, quantity, status, settledAt, hold, endedAt, 0);
	}

	/**
	 * @param seats seats of it that waiting-list offers took
	 * @return this booking with them
	 */
	ReleasedBooking withOffered(int seats) {
		return new ReleasedBooking(this.bookingId, this.eventId, this.userId, this.quantity, this.status,
				this.settledAt, this.hold, this.endedAt, seats);
	}

	/**
	 * @return what the gate's RETURN needs: all its seats leave its user's count, those no offer took go back
	 */
	ReturnedBooking toReturned() {
		return new ReturnedBooking(this.bookingId, this.userId, this.quantity, this.quantity - this.offered,
				this.endedAt);
	}

	/**
	 * @return the status cache entry
	 */
	CachedBooking toCachedBooking() {
		return new CachedBooking(this.bookingId, this.eventId, this.userId, this.quantity, this.status, null,
				this.hold);
	}

	/**
	 * @return the booking's new state for {@code bookings.settled}
	 */
	BookingSettled toMessage() {
		return new BookingSettled(this.bookingId, this.eventId, this.userId, this.quantity, this.status, null,
				this.settledAt, (this.hold != null) ? this.hold.expiresAt() : null,
				(this.hold != null) ? this.hold.amount() : null, (this.hold != null) ? this.hold.currency() : null);
	}

}
