package io.minitickets.ops.reconcile;

import java.util.List;
import java.util.stream.Collectors;

import io.minitickets.core.inventory.ReconcileResult;
import io.minitickets.core.reconcile.EventReconcile;
import io.minitickets.core.reconcile.Repair;
import org.jspecify.annotations.Nullable;

/**
 * One event as {@code ops reconcile} prints it: the gate's view before the reconcile, Postgres's view, and the repairs.
 *
 * @param id the event
 * @param counter the gate's counter before; null when it was missing
 * @param leases live leases before
 * @param leasedSeats seats those leases held
 * @param reconcile what the reconcile found and did; null when it failed
 * @param failure why it failed; null when it did not
 */
record ReconciledEvent(long id, @Nullable Long counter, int leases, int leasedSeats,
		@Nullable EventReconcile reconcile, @Nullable String failure) {

	/**
	 * @return true when the counter's compare-and-set finished (in sync, loaded or repaired)
	 */
	boolean done() {
		return this.reconcile != null && this.reconcile.counter().kind() != ReconcileResult.Kind.STALE;
	}

	/**
	 * @return true when a repair was made
	 */
	boolean repaired() {
		return this.reconcile != null && !this.reconcile.repairs().isEmpty();
	}

	/**
	 * @return the repairs as printed: {@code none}, {@code drift 9->7}, …; or why there are none
	 */
	String repairs() {
		if (this.reconcile == null) {
			return "failed: " + this.failure;
		}
		List<Repair> repairs = this.reconcile.repairs();
		String made = repairs.isEmpty() ? "none"
				: repairs.stream().map(Repair::toString).collect(Collectors.joining(", "));
		return (this.reconcile.counter().kind() == ReconcileResult.Kind.STALE)
				? made + "; counter not checked: a settle raced with it, run again" : made;
	}

}
