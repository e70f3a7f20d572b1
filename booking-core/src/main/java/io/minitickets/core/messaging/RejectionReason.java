package io.minitickets.core.messaging;

/**
 * Why Postgres rejected a booking.
 */
public enum RejectionReason {

	/** Fewer seats left than the booking asked for. */
	SOLD_OUT,

	/** The event's per-user limit would be exceeded. */
	USER_LIMIT,

	/** The event does not exist in Postgres. */
	UNKNOWN_EVENT,

	/**
	 * The booking's lease expired before the booking reached Postgres, and the reconciler gave its seats back: it
	 * recorded the booking as rejected first, so that a late copy from the queue cannot take those seats a second time.
	 */
	LEASE_EXPIRED

}
