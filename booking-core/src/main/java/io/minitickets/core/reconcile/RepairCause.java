package io.minitickets.core.reconcile;

/**
 * Why the reconciler changed an event's gate; the {@code cause} of a log line and a metric tag.
 */
public enum RepairCause {

	/** The counter was missing (Valkey restarted, flushed or evicted it) and was loaded. */
	MISSING_COUNTER("missing-counter"),

	/** The counter disagreed with Postgres plus live leases and was set to the truth. */
	DRIFT("drift"),

	/** A lease outlived its booking's settle in Postgres (the worker's settle was lost) and was settled. */
	ORPHANED_LEASE("orphaned-lease"),

	/** A lease outlived its TTL and was settled with Postgres's outcome, or released when Postgres has no booking. */
	EXPIRED_LEASE("expired-lease");

	private final String tag;

	RepairCause(String tag) {
		this.tag = tag;
	}

	/**
	 * The cause as it appears in logs and metrics.
	 * @return for example {@code missing-counter}
	 */
	public String tag() {
		return this.tag;
	}

	@Override
	public String toString() {
		return this.tag;
	}

}
