package io.minitickets.reconciler.inventory;

import java.util.ArrayList;
import java.util.List;

import io.minitickets.core.valkey.ValkeyUnavailableException;
import io.minitickets.reconciler.inventory.PassOutcome.Skip;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionOperations;

/**
 * One reconcile pass: claims up to {@code batch-size} events whose sale is open, least recently checked first, and
 * reconciles each, all in one transaction.
 * <p>
 * The claim is {@code FOR UPDATE SKIP LOCKED} on the reconciler's own rows, held until the transaction ends, so
 * several reconciler instances each repair an event at a time and no lock outlives a pass. When Valkey or Postgres
 * cannot answer, the pass logs it once and stops; the next pass tries again.
 */
@Component
class ReconcilePass {

	private static final Logger logger = LoggerFactory.getLogger(ReconcilePass.class);

	private final InventoryRepository repository;

	private final InventoryReconciliation reconciliation;

	private final TransactionOperations transactions;

	private final ReconcilerProperties properties;

	private final ReconcilerMetrics metrics;

	ReconcilePass(InventoryRepository repository, InventoryReconciliation reconciliation,
			TransactionOperations transactions, ReconcilerProperties properties, ReconcilerMetrics metrics) {
		this.repository = repository;
		this.reconciliation = reconciliation;
		this.transactions = transactions;
		this.properties = properties;
		this.metrics = metrics;
	}

	/**
	 * Runs one pass.
	 * @return how many events were claimed and checked, and why the pass stopped early if it did
	 */
	PassOutcome run() {
		return this.metrics.timePass(() -> {
			try {
				this.repository.registerOpenEvents();
				PassOutcome outcome = this.transactions.execute((status) -> reconcileBatch());
				return (outcome != null) ? outcome : new PassOutcome(0, 0, null);
			}
			catch (DataAccessException ex) {
				logger.warn("Postgres failed; inventory reconciliation skipped until the next pass: {}",
						ex.getMessage());
				return new PassOutcome(0, 0, Skip.POSTGRES_UNAVAILABLE);
			}
		});
	}

	private PassOutcome reconcileBatch() {
		List<Long> claimed = this.repository.claim(this.properties.batchSize());
		List<Long> checked = new ArrayList<>(claimed.size());
		Skip skip = null;
		for (long eventId : claimed) {
			try {
				this.reconciliation.reconcile(eventId);
				checked.add(eventId);
			}
			catch (ValkeyUnavailableException ex) {
				logger.warn("Valkey unreachable; inventory reconciliation skipped {} of {} events until the next pass: {}",
						claimed.size() - checked.size(), claimed.size(), ex.getMessage());
				skip = Skip.VALKEY_UNAVAILABLE;
				break;
			}
		}
		this.repository.markChecked(checked);
		return new PassOutcome(claimed.size(), checked.size(), skip);
	}

}
