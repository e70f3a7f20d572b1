package io.minitickets.core.inventory;

/**
 * What SETTLE did.
 */
public enum SettleResult {

	/** The booking's lease was removed (and its seats given back unless confirmed). */
	LEASE_SETTLED,

	/** There was no lease (ungated, expired or released): a confirm took its seats from the counter. */
	SETTLED_WITHOUT_LEASE,

	/** Already settled before, or nothing to release: nothing changed. */
	UNCHANGED

}
