package io.minitickets.worker.expiry;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Expires unpaid holds (DESIGN.md, invariant 9): finds the events with due holds, and per event, in one transaction
 * under the event's row lock (the lock the settlement takes), makes up to a chunk of its due HELD bookings EXPIRED and
 * takes their seats off {@code seats_sold}; after each commit, gives the seats back to the gate. Only once every due
 * hold is expired and returned does it write the EXPIRED statuses and publish them ({@link ExpiryAnnouncer}): their
 * CPU (a script call and a JSON record per booking) would otherwise delay the next chunk's transaction, and the
 * expiry and its seats are what the customers wait for (issue 16: p99 ≤ 2 s for 100,000 holds due at once). Several worker instances may run it at once: the row lock
 * and {@code status = 'HELD'} make each hold expire exactly once.
 */
@Component
public class HoldExpirer {

	private final ExpiryRepository repository;

	private final TransactionTemplate transactions;

	private final ExpiryAnnouncer announcer;

	private final ExpiryMetrics metrics;

	private final int chunk;

	HoldExpirer(ExpiryRepository repository, PlatformTransactionManager transactionManager, ExpiryAnnouncer announcer,
			ExpiryMetrics metrics, HoldProperties properties) {
		this.repository = repository;
		this.transactions = new TransactionTemplate(transactionManager);
		this.announcer = announcer;
		this.metrics = metrics;
		this.chunk = properties.chunk();
	}

	/**
	 * Expires every hold due now: event by event, chunk by chunk, each chunk committed and its seats returned to the
	 * gate before the next starts; then writes every chunk's statuses and records and waits for them.
	 * @return what it did
	 * @throws org.springframework.dao.DataAccessException when Postgres fails; the chunks committed before stay
	 * expired and announced
	 */
	public ExpiryRun expireDue() {
		List<Long> events = this.repository.eventsWithDueHolds();
		int bookings = 0;
		long seats = 0;
		boolean complete = true;
		List<List<ExpiredHold>> chunks = new ArrayList<>();
		for (long eventId : events) {
			List<ExpiredHold> expired;
			do {
				expired = expireChunk(eventId);
				if (!expired.isEmpty()) {
					complete &= this.announcer.returnSeats(eventId, expired);
					chunks.add(expired);
					this.metrics.expired(expired);
					bookings += expired.size();
					seats += seatsOf(expired);
				}
			}
			while (expired.size() == this.chunk);
		}
		List<CompletableFuture<Boolean>> announcements = new ArrayList<>(chunks.size());
		for (List<ExpiredHold> expired : chunks) {
			announcements.add(this.announcer.publish(expired.getFirst().eventId(), expired));
		}
		complete &= this.announcer.completed(announcements);
		return new ExpiryRun(events.size(), bookings, seats, complete);
	}

	private List<ExpiredHold> expireChunk(long eventId) {
		return Objects.requireNonNull(this.transactions.execute((status) -> {
			if (!this.repository.lockEvent(eventId)) {
				return List.<ExpiredHold>of();
			}
			List<ExpiredHold> expired = this.repository.expireDue(eventId, this.chunk);
			if (!expired.isEmpty()) {
				seatsFreed(eventId, expired);
			}
			return expired;
		}));
	}

	/**
	 * Where the seats of expired holds go, inside the transaction that expired them, under the event's row lock: back
	 * to the event ({@code seats_sold}), from where the gate gets them after the commit.
	 * @param eventId the event
	 * @param expired the holds just expired, at least one
	 */
	private void seatsFreed(long eventId, List<ExpiredHold> expired) {
		this.repository.returnSeats(eventId, Math.toIntExact(seatsOf(expired)));
	}

	private static long seatsOf(List<ExpiredHold> expired) {
		return expired.stream().mapToLong(ExpiredHold::quantity).sum();
	}

}
