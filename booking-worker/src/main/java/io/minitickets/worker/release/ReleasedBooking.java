package io.minitickets.worker.release;

import java.time.Instant;
import java.util.UUID;

import io.minitickets.core.inventory.ReturnedBooking;
import io.minitickets.core.messaging.BookingSettled;
import io.minitickets.core.messaging.BookingStatus;
import io.minitickets.core.status.CachedBooking;
import org.jspecify.annotations.Nullable;

/**
 * A booking that one transaction ended (EXPIRED or CANCELLED) and whose seats it gave back.
 *
 * @param bookingId the booking
 * @param eventId its event
 * @param userId its user
 * @param quantity the seats it took, now free
 * @param status what it became: EXPIRED or CANCELLED
 * @param settledAt when the worker settled it
 * @param hold what it held: expiry, amount and currency; null for a free event's booking
 * @param endedAt when the transaction that ended it ran ({@code ended_at})
 */
public record ReleasedBooking(UUID bookingId, long eventId, long userId, int quantity, BookingStatus status,
		Instant settledAt, CachedBooking.@Nullable Hold hold, Instant endedAt) {

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
