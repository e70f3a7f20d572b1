package io.minitickets.ops.replay;

import java.time.Duration;

import io.minitickets.ops.system.OpsAudit.Settled;

/**
 * What an executed replay did and how the published bookings settled.
 *
 * @param published records re-published to {@code bookings.requested}
 * @param parked records sent to {@code bookings.requested-parked}
 * @param skipped records not sent
 * @param settled how the published bookings settled
 * @param unsettleable published records that are no valid booking request (poison)
 * @param caughtUp true when the worker caught up within the wait
 * @param waited how long the wait took
 */
record ReplayOutcome(int published, int parked, int skipped, Settled settled, int unsettleable, boolean caughtUp,
		Duration waited) {

	/**
	 * Whether the replay did what it set out to: every valid booking it published is settled. Poison records
	 * (unsettleable) do not count against it: the worker consumed them, and they are in the dead-letter topic once.
	 * @return true when the worker caught up and no published booking is still pending
	 */
	boolean allSettled() {
		return this.caughtUp && this.settled.pending() == 0;
	}

}
