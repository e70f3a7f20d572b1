package io.minitickets.reconciler.inventory;

import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.inventory.ReconcileResult;
import io.minitickets.core.reconcile.EventReconcile;
import io.minitickets.core.reconcile.EventReconciler;
import io.minitickets.core.reconcile.ExpiredLeaseRejections;
import io.minitickets.core.reconcile.InventoryTruths;
import io.minitickets.core.reconcile.Repair;
import io.minitickets.core.valkey.ValkeyUnavailableException;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Reconciles one event's inventory gate with Postgres through booking-core's {@link EventReconciler} (which
 * {@code ops reconcile} runs too) and counts what it found in the reconciler's meters.
 */
@Service
class InventoryReconciliation {

	private final EventReconciler reconciler;

	private final ReconcilerMetrics metrics;

	@Autowired
	InventoryReconciliation(InventoryGate gate, JdbcClient jdbc, PlatformTransactionManager transactionManager,
			ReconcilerProperties properties, ReconcilerMetrics metrics) {
		this(new EventReconciler(gate, new InventoryTruths(jdbc, gate.returnWindow()),
				rejections(jdbc, transactionManager), properties.expiredLeasesPerEvent(), properties.orphanGrace()),
				metrics);
	}

	InventoryReconciliation(EventReconciler reconciler, ReconcilerMetrics metrics) {
		this.reconciler = reconciler;
		this.metrics = metrics;
	}

	/**
	 * The rejections of expired leases' bookings, each committed in a transaction of its own before the gate gives the
	 * seats back (not in the pass's transaction, which a later step's failure could roll back after the release).
	 * @param jdbc the database
	 * @param transactionManager its transactions
	 * @return the rejections
	 */
	static ExpiredLeaseRejections rejections(JdbcClient jdbc, PlatformTransactionManager transactionManager) {
		TransactionTemplate ownTransaction = new TransactionTemplate(transactionManager);
		ownTransaction.setPropagationBehavior(TransactionDefinition.PROPAGATION_REQUIRES_NEW);
		return new ExpiredLeaseRejections(jdbc, ownTransaction);
	}

	/**
	 * Checks and repairs one event's gate: expired leases, orphaned leases, then the counter.
	 * @param eventId the event
	 * @return what the final compare-and-set did; STALE means a settle raced with it and a later pass retries
	 * @throws ValkeyUnavailableException when the gate's Valkey cannot answer in time
	 * @throws DataAccessException when Postgres fails, or the event does not exist
	 */
	ReconcileResult reconcile(long eventId) {
		return counted(this.reconciler.reconcile(eventId));
	}

	/**
	 * The repair of the counter alone (the last step of {@link #reconcile}).
	 * @param eventId the event
	 * @return what the compare-and-set did
	 * @throws ValkeyUnavailableException when the gate's Valkey cannot answer in time
	 * @throws DataAccessException when Postgres fails, or the event does not exist
	 */
	ReconcileResult repairCounter(long eventId) {
		return counted(this.reconciler.repairCounter(eventId));
	}

	private ReconcileResult counted(EventReconcile reconcile) {
		for (Repair repair : reconcile.repairs()) {
			this.metrics.repaired(repair.cause(), repair.found(), repair.seats());
		}
		this.metrics.eventChecked(reconcile.counter().kind());
		if (reconcile.counter().quarantined() > 0) {
			this.metrics.leasesQuarantined(reconcile.counter().quarantined());
		}
		return reconcile.counter();
	}

}
