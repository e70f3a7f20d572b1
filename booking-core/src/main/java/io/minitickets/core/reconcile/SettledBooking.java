package io.minitickets.core.reconcile;

import io.minitickets.core.inventory.LeaseOutcome;
import io.minitickets.core.messaging.BookingStatus;

/**
 * A booking as Postgres settled it.
 *
 * @param status any status but PENDING
 * @param quantity seats the booking asked for
 */
public record SettledBooking(BookingStatus status, int quantity) {

	/**
	 * The lease outcome that applies Postgres's decision to the gate.
	 * @return REJECTED for a rejected booking, CONFIRMED for any other (it took its seats; a RETURN gives back those of
	 * a booking that ended since)
	 */
	public LeaseOutcome outcome() {
		return LeaseOutcome.of(this.status);
	}

}
