package io.minitickets.worker.expiry;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

import io.minitickets.worker.release.EventLock;
import io.minitickets.worker.release.ReleasedBooking;
import io.minitickets.worker.release.SeatRelease;
import io.minitickets.worker.release.SeatsBack;
import org.springframework.dao.DataAccessException;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Expires unpaid holds (DESIGN.md, invariant 9): finds the events with due holds, and per event, in one transaction
 * under the event's row lock (the lock the settlement takes), makes up to a chunk of its due HELD bookings EXPIRED and
 * hands their seats to the waiting list's oldest fitting entries as offers, taking the rest off {@code seats_sold};
 * after each commit, gives those back to the gate ({@link SeatRelease}, the path cancelled bookings take too), the
 * RETURN running in Valkey while the next chunk's transaction runs in Postgres (one RETURN in flight at a time). An
 * unpaid offer is a hold like any other: it expires here and its seats go on down the list. Only once every due hold is
 * expired and returned does it write the EXPIRED statuses and publish them: their CPU (a script call and a JSON record
 * per booking) would otherwise delay the next chunk's transaction, and the expiry and its seats are what the customers
 * wait for (issue 16: p99 ≤ 2 s for 100,000 holds due at once). Several worker instances may run it at once: the row
 * lock and {@code status = 'HELD'} make each hold expire exactly once.
 */
@Component
public class HoldExpirer {

	private final ExpiryRepository repository;

	private final TransactionTemplate transactions;

	private final SeatRelease seats;

	private final ExpiryMetrics metrics;

	private final int chunk;

	private final EventLock eventLock;

	HoldExpirer(ExpiryRepository repository, PlatformTransactionManager transactionManager, SeatRelease seats,
			ExpiryMetrics metrics, HoldProperties properties, EventLock eventLock) {
		this.eventLock = eventLock;
		this.repository = repository;
		this.transactions = new TransactionTemplate(transactionManager);
		this.seats = seats;
		this.metrics = metrics;
		this.chunk = properties.chunk();
	}

	/**
	 * Expires every hold due now: event by event, chunk by chunk, each chunk committed and its RETURN sent to the gate
	 * before the next starts, and waited for once the next chunk committed (or at the end); then writes every chunk's
	 * statuses and records and waits for them.
	 * @return what it did
	 * @throws org.springframework.dao.DataAccessException when Postgres fails; the chunks committed before stay
	 * expired and their RETURNs sent
	 */
	public ExpiryRun expireDue() {
		List<Long> events = this.repository.eventsWithDueHolds();
		int bookings = 0;
		long seats = 0;
		boolean complete = true;
		List<SeatsBack> chunks = new ArrayList<>();
		CompletableFuture<Boolean> returning = CompletableFuture.completedFuture(true);
		for (long eventId : events) {
			SeatsBack expired;
			do {
				expired = expireChunk(eventId);
				if (!expired.released().isEmpty()) {
					complete &= returning.join();
					returning = this.seats.startGivingBackToGate(eventId, expired);
					chunks.add(expired);
					this.metrics.expired(expired.released());
					bookings += expired.released().size();
					seats += expired.seats();
				}
			}
			while (expired.released().size() == this.chunk);
		}
		complete &= returning.join();
		List<CompletableFuture<Boolean>> announcements = new ArrayList<>(chunks.size());
		for (SeatsBack expired : chunks) {
			announcements.add(this.seats.publish(expired.released().getFirst().eventId(), expired));
		}
		complete &= this.seats.completed(announcements);
		return new ExpiryRun(events.size(), bookings, seats, complete);
	}

	/**
	 * How long the scheduler may wait before the next run: until the next open hold is due, at most the interval.
	 * @param interval the longest wait ({@code minitickets.holds.expiry-interval})
	 * @return the wait; the interval when no hold is open and not yet due, or when Postgres cannot answer
	 */
	public Duration untilNextRun(Duration interval) {
		try {
			return this.repository.untilNextDue().filter((due) -> due.compareTo(interval) < 0).orElse(interval);
		}
		catch (DataAccessException ex) {
			return interval;
		}
	}

	private SeatsBack expireChunk(long eventId) {
		return Objects.requireNonNull(this.transactions.execute((status) -> {
			List<ReleasedBooking> expired = this.eventLock.lock(eventId)
					? this.repository.expireDue(eventId, this.chunk) : List.of();
			return expired.isEmpty() ? new SeatsBack(List.of(), List.of(), 0)
					: this.seats.returnSeats(eventId, expired);
		}));
	}

}
