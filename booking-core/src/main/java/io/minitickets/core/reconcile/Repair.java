package io.minitickets.core.reconcile;

/**
 * One repair a reconcile made to an event's gate; it is logged as one {@code inventory reconciliation} line.
 *
 * @param cause why
 * @param before the counter before, or {@code missing}
 * @param after the counter after, or {@code missing}
 * @param found how many things were wrong: 1 for a counter, one per lease settled
 * @param seats how many seats the counter moved by (for leases: seats given back)
 */
public record Repair(RepairCause cause, String before, String after, int found, long seats) {

	@Override
	public String toString() {
		return this.cause + " " + this.before + "->" + this.after
				+ ((this.cause == RepairCause.EXPIRED_LEASE || this.cause == RepairCause.ORPHANED_LEASE)
						? " (" + this.found + " leases)" : "");
	}

}
