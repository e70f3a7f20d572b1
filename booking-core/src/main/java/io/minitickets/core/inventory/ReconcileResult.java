package io.minitickets.core.inventory;

/**
 * What one RECONCILE of an event's counter did.
 *
 * @param kind in sync, loaded, repaired, or stale
 * @param before the counter before (-1 when it was missing or the call was stale)
 * @param truth capacity − confirmed − live leases, never below 0 (-1 when stale)
 * @param quarantined lease entries that did not parse and were moved to the event's quarantine hash (0 when stale)
 */
public record ReconcileResult(Kind kind, long before, long truth, long quarantined) {

	/**
	 * Whether the counter was written.
	 * @return true when loaded or repaired
	 */
	public boolean changed() {
		return this.kind == Kind.LOADED || this.kind == Kind.REPAIRED;
	}

	/** The kinds of result. */
	public enum Kind {

		/** The counter already held the truth. */
		IN_SYNC,

		/** The counter was missing and is now loaded. */
		LOADED,

		/** The counter drifted and now holds the truth. */
		REPAIRED,

		/** A settle raced with the caller's reads; nothing was written, try again later. */
		STALE

	}

}
