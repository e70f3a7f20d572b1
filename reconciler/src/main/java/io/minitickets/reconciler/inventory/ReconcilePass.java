package io.minitickets.reconciler.inventory;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisCommandTimeoutException;
import io.minitickets.core.inventory.GateActivity;
import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.inventory.ReconcileResult;
import io.minitickets.core.valkey.ValkeyUnavailableException;
import io.minitickets.reconciler.inventory.InventoryRepository.ReconciledEvent;
import io.minitickets.reconciler.inventory.PassOutcome.Skip;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.stereotype.Component;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionOperations;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * One reconcile pass: claims up to {@code batch-size} events whose sale is open, in the order of
 * {@link ReconcileScope} (active events first: a missing counter, a lease, seats sold since their last check; then
 * quiet ones least recently checked first; retired ones not at all), and reconciles each on its own, under a
 * savepoint of the claiming transaction. The gate's activity of every candidate comes from one pipelined probe.
 * <p>
 * The claim is {@code FOR UPDATE SKIP LOCKED} on the reconciler's own rows, held until the transaction ends, so
 * several reconciler instances each repair an event at a time and no lock outlives a pass. An event whose reconcile
 * fails (Valkey answers an error for its keys, a row it needs is missing, a bug) is rolled back to its savepoint,
 * logged with its id and counted ({@code minitickets.reconciler.events.failed}); the other events go on in the same
 * pass, and it goes to the back of the round-robin like a checked one, so a failing event can never hold the batch.
 * When Valkey or Postgres cannot be reached at all, the pass logs it once and stops; the next pass tries again.
 */
@Component
class ReconcilePass {

	private static final Logger logger = LoggerFactory.getLogger(ReconcilePass.class);

	private final InventoryRepository repository;

	private final InventoryReconciliation reconciliation;

	private final InventoryGate gate;

	private final TransactionOperations transactions;

	private final TransactionOperations savepoints;

	private final ReconcilerProperties properties;

	private final ReconcilerMetrics metrics;

	ReconcilePass(InventoryRepository repository, InventoryReconciliation reconciliation, InventoryGate gate,
			TransactionTemplate transactions, ReconcilerProperties properties, ReconcilerMetrics metrics) {
		this.repository = repository;
		this.reconciliation = reconciliation;
		this.gate = gate;
		this.transactions = transactions;
		TransactionTemplate savepoints = new TransactionTemplate(
				Objects.requireNonNull(transactions.getTransactionManager()));
		savepoints.setPropagationBehavior(TransactionDefinition.PROPAGATION_NESTED);
		this.savepoints = savepoints;
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
		List<ScopeCandidate> candidates = this.repository.candidates();
		Map<Long, GateActivity> activity = probe(candidates);
		List<Long> claimed = this.repository.claim(ReconcileScope.byPriority(candidates, activity),
				this.properties.batchSize());
		Map<Long, ScopeCandidate> byId = new HashMap<>();
		candidates.forEach((candidate) -> byId.put(candidate.eventId(), candidate));
		List<ReconciledEvent> checked = new ArrayList<>(claimed.size());
		List<Long> failed = new ArrayList<>();
		Skip skip = null;
		for (long eventId : claimed) {
			try {
				ReconcileResult result = Objects
					.requireNonNull(this.savepoints.execute((status) -> this.reconciliation.reconcile(eventId)));
				ScopeCandidate candidate = byId.get(eventId);
				checked.add(new ReconciledEvent(eventId, candidate.seatsSold(),
						ReconcileScope.retires(candidate, activity.get(eventId), result)));
			}
			catch (ValkeyUnavailableException ex) {
				if (answeredWithError(ex)) {
					eventFailed(eventId, failed, ex);
					continue;
				}
				logger.warn("{}; inventory reconciliation skipped {} of {} events until the next pass: {}",
						valkeyFailure(eventId, ex), claimed.size() - checked.size() - failed.size(), claimed.size(),
						ex.getMessage());
				skip = Skip.VALKEY_UNAVAILABLE;
				break;
			}
			catch (DataAccessResourceFailureException | CannotCreateTransactionException ex) {
				throw ex;
			}
			catch (RuntimeException ex) {
				eventFailed(eventId, failed, ex);
			}
		}
		this.repository.markReconciled(checked);
		this.repository.markChecked(failed);
		return new PassOutcome(claimed.size(), checked.size(), skip);
	}

	/** The gate's activity of every candidate; empty when Valkey cannot answer (the first reconcile then says so). */
	private Map<Long, GateActivity> probe(List<ScopeCandidate> candidates) {
		try {
			return this.gate.activity(candidates.stream().map(ScopeCandidate::eventId).toList());
		}
		catch (ValkeyUnavailableException ex) {
			logger.debug("Gate activity unknown; ordering by Postgres alone", ex);
			return Map.of();
		}
	}

	private void eventFailed(long eventId, List<Long> failed, RuntimeException ex) {
		failed.add(eventId);
		this.metrics.eventFailed();
		logger.warn("inventory reconciliation failed event={}; the pass goes on with the other events and a later pass "
				+ "retries this one", eventId, ex);
	}

	/**
	 * What went wrong with Valkey, for the log: a command that outlived the command timeout (Valkey may have run it,
	 * slowly or after a block by another command) is not an unreachable Valkey.
	 * @param eventId the event whose reconcile failed
	 * @param ex the failure, not an error answer ({@link #answeredWithError})
	 * @return the start of the log line
	 */
	static String valkeyFailure(long eventId, ValkeyUnavailableException ex) {
		if (ex.getCause() instanceof RedisCommandTimeoutException) {
			return "Valkey timed out (a command outlived minitickets.valkey.command-timeout) reconciling event=" + eventId;
		}
		return "Valkey unreachable";
	}

	/** Valkey was reached and refused the command (a key of the wrong type, a script error): that event's problem. */
	private static boolean answeredWithError(ValkeyUnavailableException ex) {
		return ex.getCause() instanceof RedisCommandExecutionException;
	}

}
