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
	RELEASED,

	/**
	 * A waiting-list offer was made: its seats moved in Postgres from an ended booking to it, never through the
	 * counter, which stays as it is; its user's count takes them, so the per-user limit counts offers too, until the
	 * offer's own RETURN takes them off.
	 */
	OFFERED;

	/**
	 * The outcome that applies a settled booking's status to its lease. The gate only knows seats taken or given
	 * back: a booking that took seats in Postgres (HELD and CONFIRMED, and the statuses that follow them) settles as
	 * CONFIRMED; the seats of one that ended since are given back by a RETURN, not by its settle.
	 * @param status any status but PENDING
	 * @return REJECTED for REJECTED, else CONFIRMED
	 * @throws IllegalArgumentException for PENDING
	 */
	public static LeaseOutcome of(BookingStatus status) {
		return switch (status) {
			case REJECTED -> REJECTED;
			case HELD, CONFIRMED, EXPIRED, CANCELLED, REFUNDED -> CONFIRMED;
			case PENDING -> throw new IllegalArgumentException("a pending booking is not settled");
		};
	}

}
