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
	UNKNOWN_EVENT

}
