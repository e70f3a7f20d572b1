package io.minitickets.worker.settlement;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Collectors;

import io.minitickets.core.messaging.BookingRequested;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionStatus;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Settles booking requests in Postgres: one transaction per event, the event row locked, replays recognised by
 * booking id, new bookings inserted in one statement and {@code seats_sold} updated once. Knows nothing of Kafka.
 * <p>
 * A batch is first settled as if none of its bookings had been settled before (the usual case: a replay only comes
 * with a redelivery): the insert, which skips a booking id that is there already, tells whether that was so. When it
 * skipped any, that transaction is rolled back and the batch settled again with the settled bookings read first, so
 * that a replay keeps its recorded outcome and takes no seats. Either way the decision is made under the event's row
 * lock and written in the same transaction. This saves the look-up of the batch's ids on every batch without replays
 * (issue 19, the worker figure; docs/BENCHMARKS.md).
 */
@Service
class SettlementService {

	private static final Logger logger = LoggerFactory.getLogger(SettlementService.class);

	private final SettlementRepository repository;

	private final TransactionTemplate transactions;

	private final SettlementMetrics metrics;

	SettlementService(SettlementRepository repository, PlatformTransactionManager transactionManager,
			SettlementMetrics metrics) {
		this.repository = repository;
		this.transactions = new TransactionTemplate(transactionManager);
		this.metrics = metrics;
	}

	/**
	 * Settles a batch of valid requests, one transaction per event, and hands each event's settlements on right after
	 * its commit, before the next event's transaction starts: a later event's failure leaves the events committed
	 * before it settled and published, not waiting for a redelivery in which they are replays. A booking id that
	 * occurs more than once is settled once, at its first occurrence; within an event the requests are decided in the
	 * order given (offset order).
	 * @param requests valid requests in offset order
	 * @param committed called with every distinct booking of one committed transaction, replays included with their
	 * recorded outcome; what it throws ends the batch there, later events unsettled
	 * @throws org.springframework.dao.DataAccessException when Postgres fails; the transactions committed before stay
	 * committed (and were handed to {@code committed}) and are replays when the batch is redelivered
	 * @throws org.springframework.transaction.TransactionException when no transaction can be started
	 */
	void settle(List<BookingRequested> requests, Consumer<List<Settlement>> committed) {
		groupByEvent(requests).forEach((eventId, group) -> committed.accept(settleEvent(eventId, group)));
	}

	private List<Settlement> settleEvent(long eventId, List<BookingRequested> requests) {
		SettlementDecider.Decision decision = this.metrics.recordTransaction(() -> {
			try {
				SettlementDecider.Decision withoutReplays = this.transactions
					.execute((status) -> settleAssumingNoReplays(eventId, requests, status));
				return (withoutReplays != null) ? withoutReplays : Objects.requireNonNull(
						this.transactions.execute((status) -> settleInTransaction(eventId, requests)));
			}
			catch (DataIntegrityViolationException ex) {
				logger.atError()
					.addKeyValue("eventId", eventId)
					.setCause(ex)
					.log("Settling {} bookings of event {} violated a constraint and was rolled back; this is a bug "
							+ "(the decision should never oversell)", requests.size(), eventId);
				throw ex;
			}
		});
		this.metrics.settled(decision.settlements());
		return decision.settlements();
	}

	/**
	 * Settles the requests as if Postgres held none of them: one statement fewer than {@link #settleInTransaction}.
	 * @return the decision, committed; null when the insert skipped a booking that was settled before (a replay), the
	 * transaction then marked for rollback and nothing written
	 */
	private SettlementDecider.@Nullable Decision settleAssumingNoReplays(long eventId, List<BookingRequested> requests,
			TransactionStatus status) {
		EventInventory event = this.repository.lockEvent(eventId).orElse(null);
		SettlementDecider.Decision decision = decide(eventId, event, requests, Map.of());
		List<Settlement> settlements = decision.newSettlements();
		if (this.repository.insertNew(settlements) != settlements.size()) {
			status.setRollbackOnly();
			return null;
		}
		addSeatsSold(eventId, decision);
		return decision;
	}

	private SettlementDecider.Decision settleInTransaction(long eventId, List<BookingRequested> requests) {
		EventInventory event = this.repository.lockEvent(eventId).orElse(null);
		Map<UUID, Settlement> recorded = this.repository
			.findSettled(requests.stream().map(BookingRequested::bookingId).toList());
		SettlementDecider.Decision decision = decide(eventId, event, requests, recorded);
		List<Settlement> newSettlements = decision.newSettlements();
		if (!newSettlements.isEmpty()) {
			this.repository.insert(newSettlements);
		}
		addSeatsSold(eventId, decision);
		return decision;
	}

	private SettlementDecider.Decision decide(long eventId, @Nullable EventInventory event,
			List<BookingRequested> requests, Map<UUID, Settlement> recorded) {
		Map<Long, Integer> confirmedSeatsByUser = (event != null && event.perUserLimit() != null)
				? this.repository.confirmedSeatsByUser(eventId,
						requests.stream().map(BookingRequested::userId).distinct().toList())
				: Map.of();
		Instant now = Instant.now().truncatedTo(ChronoUnit.MICROS);
		return SettlementDecider.decide(event, requests, recorded, confirmedSeatsByUser, now);
	}

	private void addSeatsSold(long eventId, SettlementDecider.Decision decision) {
		if (decision.seatsConfirmed() > 0) {
			this.repository.addSeatsSold(eventId, decision.seatsConfirmed());
		}
	}

	private static Map<Long, List<BookingRequested>> groupByEvent(List<BookingRequested> requests) {
		return requests.stream()
			.collect(Collectors.toMap(BookingRequested::bookingId, Function.identity(), (first, again) -> first,
					LinkedHashMap::new))
			.values()
			.stream()
			.collect(Collectors.groupingBy(BookingRequested::eventId, LinkedHashMap::new, Collectors.toList()));
	}

}
