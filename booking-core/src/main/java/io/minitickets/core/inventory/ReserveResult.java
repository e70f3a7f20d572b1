package io.minitickets.core.inventory;

/**
 * What the gate's RESERVE answered.
 */
public enum ReserveResult {

	/** A lease holds the seats (or already did: RESERVE is idempotent per booking id). */
	RESERVED,

	/** Fewer seats left than asked for; nothing changed. The API answers 409. */
	SOLD_OUT,

	/**
	 * The user's held and confirmed seats plus the seats asked for exceed the event's per-user limit; nothing changed.
	 * The API answers 409.
	 */
	USER_LIMIT,

	/** The event's counter is not loaded; the gate cannot judge and the booking goes on ungated. */
	UNKNOWN

}
