package io.minitickets.worker.settlement;

import java.util.List;
import java.util.function.Supplier;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.minitickets.core.messaging.BookingStatus;
import io.minitickets.core.messaging.RejectionReason;
import org.springframework.stereotype.Component;

/**
 * The settlement's meters: {@code minitickets.worker.settlement.transactions} (counter by outcome),
 * {@code minitickets.worker.settlement.transaction} (timer of committed transactions) and
 * {@code minitickets.worker.bookings.settled} (counter by status and reason; replays are counted under
 * {@code replay=true} and changed nothing: duplicates), {@code minitickets.worker.batch.size} (records per batch
 * delivered to the listener). Every tag combination is registered at start, so each series exists from the first
 * scrape.
 */
@Component
class SettlementMetrics {

	private final MeterRegistry registry;

	private final Timer transactionTimer;

	private final Counter committed;

	private final Counter failed;

	private final DistributionSummary batchSize;

	SettlementMetrics(MeterRegistry registry) {
		this.registry = registry;
		this.transactionTimer = Timer.builder("minitickets.worker.settlement.transaction")
			.description("Time of one committed settling transaction (one event of one batch)")
			.register(registry);
		this.committed = transactions(registry, "committed");
		this.failed = transactions(registry, "failed");
		this.batchSize = DistributionSummary.builder("minitickets.worker.batch.size")
			.description("Records of bookings.requested per batch delivered to the listener")
			.baseUnit("records")
			.register(registry);
		for (String replay : List.of("false", "true")) {
			for (BookingStatus status : List.of(BookingStatus.CONFIRMED, BookingStatus.HELD)) {
				settledCounter(status.name(), "none", replay);
			}
			for (RejectionReason reason : RejectionReason.values()) {
				settledCounter(BookingStatus.REJECTED.name(), reason.name(), replay);
			}
		}
		// a replay reports the booking as Postgres holds it now: a hold may have expired since
		settledCounter(BookingStatus.EXPIRED.name(), "none", "true");
	}

	/**
	 * Records the size of one batch delivered to the listener.
	 * @param records how many records it holds
	 */
	void batch(int records) {
		this.batchSize.record(records);
	}

	/**
	 * Runs and times one settling transaction, counting it as committed or failed.
	 * @param <T> what the transaction returns
	 * @param transaction the transaction
	 * @return what it returned
	 */
	<T> T recordTransaction(Supplier<T> transaction) {
		Timer.Sample sample = Timer.start(this.registry);
		try {
			T result = transaction.get();
			sample.stop(this.transactionTimer);
			this.committed.increment();
			return result;
		}
		catch (RuntimeException ex) {
			this.failed.increment();
			throw ex;
		}
	}

	/**
	 * Counts settled bookings.
	 * @param settlements the bookings of a committed transaction
	 */
	void settled(List<Settlement> settlements) {
		for (Settlement settlement : settlements) {
			settledCounter(settlement.status().name(),
					(settlement.reason() != null) ? settlement.reason().name() : "none",
					Boolean.toString(settlement.replay()))
				.increment();
		}
	}

	private Counter settledCounter(String status, String reason, String replay) {
		return Counter.builder("minitickets.worker.bookings.settled")
			.description("Bookings settled, by status and reason; replays changed nothing")
			.tag("status", status)
			.tag("reason", reason)
			.tag("replay", replay)
			.register(this.registry);
	}

	private static Counter transactions(MeterRegistry registry, String outcome) {
		return Counter.builder("minitickets.worker.settlement.transactions")
			.description("Settling transactions (one per event and batch), by outcome")
			.tag("outcome", outcome)
			.register(registry);
	}

}
