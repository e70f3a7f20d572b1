package io.minitickets.core.inventory;

/**
 * What a cheap probe of one event's gate found: whether its counter is there and how many leases it holds. The
 * reconciler checks first the events whose gate shows activity.
 *
 * @param counterLoaded whether {@code avail} exists
 * @param leases how many lease entries the event holds (live or expired, not yet settled)
 */
public record GateActivity(boolean counterLoaded, long leases) {

	/**
	 * Whether the gate itself says the event needs a check: its counter is missing or it holds leases.
	 * @return true when the counter is missing or a lease is held
	 */
	public boolean needsCheck() {
		return !this.counterLoaded || this.leases > 0;
	}

}
