package io.minitickets.ops.waitlist;

/**
 * The states of a waiting-list entry ({@code waitlist_entries.state}, Flyway V7).
 */
enum EntryState {

	/** In line. */
	WAITING,

	/** Its offer (a HELD booking) waits for the payment. */
	OFFERED,

	/** Its offer was confirmed. */
	TAKEN,

	/** Its offer ended unconfirmed (expired unpaid, or cancelled). */
	EXPIRED,

	/** The customer left the list. */
	LEFT

}
