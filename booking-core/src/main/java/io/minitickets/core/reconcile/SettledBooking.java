package io.minitickets.core.reconcile;

import io.minitickets.core.inventory.LeaseOutcome;
import io.minitickets.core.messaging.BookingStatus;

/**
 * A booking as Postgres settled it.
 *
 * @param status CONFIRMED or REJECTED
 * @param quantity seats the booking asked for
 */
public record SettledBooking(BookingStatus status, int quantity) {

	/**
	 * The lease outcome that applies Postgres's decision to the gate.
	 * @return CONFIRMED or REJECTED
	 */
	public LeaseOutcome outcome() {
		return LeaseOutcome.of(this.status);
	}

}
