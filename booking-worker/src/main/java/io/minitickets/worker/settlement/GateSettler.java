package io.minitickets.worker.settlement;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.inventory.LeaseOutcome;
import io.minitickets.core.status.BookingStatusCache;
import io.minitickets.worker.system.WorkerProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * After the Postgres commit, applies the outcomes to Valkey: SETTLE each booking's lease in the inventory gate and
 * write its final status to the status cache, all pipelined, for the bookings a transaction newly decided. Both writes
 * are idempotent while the gate remembers the settle; replays are not passed here at all (see
 * {@link SettlementPublisher.Publication#committed}). Valkey is a gate, Postgres the truth: writes that fail twice are left to the reconciler and the
 * partition keeps moving (DESIGN.md, "The worker's offsets follow Postgres").
 */
@Component
class GateSettler {

	private static final Logger logger = LoggerFactory.getLogger(GateSettler.class);

	private static final int ATTEMPTS = 2;

	private final InventoryGate gate;

	private final BookingStatusCache statusCache;

	private final Duration timeout;

	GateSettler(InventoryGate gate, BookingStatusCache statusCache, WorkerProperties properties) {
		this.gate = gate;
		this.statusCache = statusCache;
		this.timeout = properties.gateSettleTimeout();
	}

	/**
	 * Settles the leases and writes the statuses of settled bookings, retrying once what failed.
	 * @param settlements bookings this worker's transactions newly settled (committed); never replays, whose settle
	 * the gate may have forgotten
	 * @return true when Valkey acknowledged every write, false when some were left to the reconciler
	 */
	boolean settle(List<Settlement> settlements) {
		List<Settlement> pending = settlements;
		for (int attempt = 1; attempt <= ATTEMPTS && !pending.isEmpty(); attempt++) {
			pending = attempt(pending);
		}
		if (!pending.isEmpty()) {
			logger.warn("Valkey did not take {} of {} lease settles and status writes; the reconciler repairs the "
					+ "gate and polls fall back to Postgres", pending.size(), settlements.size());
			return false;
		}
		return true;
	}

	private List<Settlement> attempt(List<Settlement> settlements) {
		List<CompletableFuture<?>> writes = new ArrayList<>(settlements.size());
		for (Settlement settlement : settlements) {
			try {
				writes.add(write(settlement));
			}
			catch (RuntimeException ex) {
				// no connection now: every further call would wait for its own connect timeout
				logger.debug("Valkey unavailable for lease settles", ex);
				break;
			}
		}
		awaitAll(writes);
		List<Settlement> failed = new ArrayList<>();
		for (int i = 0; i < settlements.size(); i++) {
			if (i >= writes.size() || !isDone(writes.get(i))) {
				failed.add(settlements.get(i));
			}
		}
		return failed;
	}

	private CompletableFuture<?> write(Settlement settlement) {
		CompletableFuture<?> lease = this.gate
			.settleAsync(settlement.eventId(), settlement.bookingId(), settlement.userId(),
					LeaseOutcome.of(settlement.status()), settlement.quantity())
			.toCompletableFuture();
		CompletableFuture<?> status = this.statusCache.putAsync(settlement.toCachedBooking()).toCompletableFuture();
		return CompletableFuture.allOf(lease, status);
	}

	private void awaitAll(List<CompletableFuture<?>> writes) {
		try {
			CompletableFuture.allOf(writes.toArray(CompletableFuture[]::new))
				.get(this.timeout.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (ExecutionException | TimeoutException ex) {
			logger.debug("Some lease settles or status writes failed", ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private static boolean isDone(CompletableFuture<?> write) {
		return write.isDone() && !write.isCompletedExceptionally();
	}

}
