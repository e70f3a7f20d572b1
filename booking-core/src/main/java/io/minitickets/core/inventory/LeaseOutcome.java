package io.minitickets.core.inventory;

import io.minitickets.core.messaging.BookingStatus;

/**
 * What to do with a booking's lease when settling it.
 */
public enum LeaseOutcome {

	/** Postgres confirmed the booking: its seats stay taken. */
	CONFIRMED,

	/** Postgres rejected the booking: its seats go back. */
	REJECTED,

	/** The booking never reached Postgres (send failed, lease expired): the seats go back, nothing is remembered. */
	RELEASED;

	/**
	 * The outcome that matches a final booking status.
	 * @param status CONFIRMED or REJECTED
	 * @return the lease outcome
	 * @throws IllegalArgumentException for PENDING
	 */
	public static LeaseOutcome of(BookingStatus status) {
		return switch (status) {
			case CONFIRMED -> CONFIRMED;
			case REJECTED -> REJECTED;
			case PENDING -> throw new IllegalArgumentException("a pending booking is not settled");
		};
	}

}
