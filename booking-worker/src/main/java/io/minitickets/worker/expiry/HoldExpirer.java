package io.minitickets.worker.expiry;

import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;

import io.minitickets.worker.release.EventLock;
import io.minitickets.worker.release.ReleasedBooking;
import io.minitickets.worker.release.SeatRelease;
import io.minitickets.worker.release.SeatsBack;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.PessimisticLockingFailureException;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Expires unpaid holds (DESIGN.md, invariant 9): finds the events with due holds, and per event, in
 * {@code minitickets.holds.expiry-parallelism} lanes at once (each a thread and a Postgres connection of its own),
 * expires them chunk by chunk. A chunk is one transaction: it makes up to a chunk of the event's due HELD bookings
 * EXPIRED, locking them and skipping those another transaction has locked (so the lanes take disjoint chunks), then
 * takes the event's row lock (the lock the settlement, payments and cancellations take) and hands their seats to the
 * waiting list's oldest fitting entries as offers, taking the rest off {@code seats_sold}; after each commit, gives
 * those back to the gate ({@link SeatRelease}, the path cancelled bookings take too), the RETURN running in Valkey
 * while the lanes' next chunks run in Postgres (one RETURN of the event in flight at a time). The UPDATE, ~21 µs a
 * hold of one connection, runs outside the event's row lock, so the lanes' UPDATEs overlap and only their seats are
 * given back one lane at a time, in the order the lanes get the lock, each offer to the oldest entry that fits then.
 * Holds first, event second is the reverse of the other transitions' order (a payment locks the event, then its
 * booking): a chunk waits for the event's row lock at most {@code minitickets.holds.expiry-lock-timeout}, then is
 * rolled back, counted and done again event first, the others' order, so that a payment waiting for one of its holds
 * goes on. An unpaid offer is a hold like any other: it expires here and its seats go on down the list. Only once
 * every due hold is expired and returned does it write the EXPIRED statuses and publish them: their CPU (a script
 * call and a JSON record per booking) would otherwise delay the next chunk's transaction, and the expiry and its
 * seats are what the customers wait for (issue 16: p99 ≤ 2 s for 100,000 holds due at once). Several worker
 * instances may run it at once: the row locks and {@code status = 'HELD'} make each hold expire exactly once.
 */
@Component
public class HoldExpirer {

	private static final Logger logger = LoggerFactory.getLogger(HoldExpirer.class);

	private static final String LOCK_NOT_AVAILABLE = "55P03";

	private static final SeatsBack NOTHING = new SeatsBack(List.of(), List.of(), 0);

	private final ExpiryRepository repository;

	private final TransactionTemplate transactions;

	private final SeatRelease seats;

	private final ExpiryMetrics metrics;

	private final int chunk;

	private final int parallelism;

	private final Duration lockTimeout;

	private final EventLock eventLock;

	private final ThreadFactory laneThreads = Thread.ofPlatform().name("hold-expiry-lane-", 1).daemon().factory();

	HoldExpirer(ExpiryRepository repository, PlatformTransactionManager transactionManager, SeatRelease seats,
			ExpiryMetrics metrics, HoldProperties properties, EventLock eventLock) {
		this.eventLock = eventLock;
		this.repository = repository;
		this.transactions = new TransactionTemplate(transactionManager);
		this.seats = seats;
		this.metrics = metrics;
		this.chunk = properties.chunk();
		this.parallelism = properties.expiryParallelism();
		this.lockTimeout = properties.expiryLockTimeout();
	}

	/**
	 * Expires every hold due now: event by event, each event's chunks in its lanes at once, each chunk committed and
	 * its RETURN sent to the gate (once the event's RETURN before it was answered) before the lane's next chunk starts;
	 * then writes every chunk's statuses and records and waits for them.
	 * @return what it did
	 * @throws org.springframework.dao.DataAccessException when Postgres fails; the chunks committed before stay
	 * expired and their RETURNs sent
	 */
	public ExpiryRun expireDue() {
		List<Long> events = this.repository.eventsWithDueHolds();
		List<Expired> done = new ArrayList<>(events.size());
		for (long eventId : events) {
			done.add(expireEvent(eventId));
		}
		boolean complete = true;
		int bookings = 0;
		long seats = 0;
		List<CompletableFuture<Boolean>> announcements = new ArrayList<>();
		for (Expired event : done) {
			complete &= event.returned();
			for (SeatsBack expired : event.chunks()) {
				bookings += expired.released().size();
				seats += expired.seats();
				announcements.add(this.seats.publish(expired.released().getFirst().eventId(), expired));
			}
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

	/**
	 * Runs one lane on the calling thread and the others on threads of their own, and waits for all of them and for
	 * the last RETURN.
	 * @throws DataAccessException the first lane's failure, the others' added as suppressed
	 */
	private Expired expireEvent(long eventId) {
		Returns returns = new Returns(eventId);
		List<CompletableFuture<List<SeatsBack>>> others = new ArrayList<>(this.parallelism - 1);
		try (ExecutorService threads = Executors.newThreadPerTaskExecutor(this.laneThreads)) {
			for (int lane = 1; lane < this.parallelism; lane++) {
				others.add(CompletableFuture.supplyAsync(() -> expireLane(eventId, returns), threads));
			}
			List<SeatsBack> chunks = new ArrayList<>();
			RuntimeException failure = null;
			try {
				chunks.addAll(expireLane(eventId, returns));
			}
			catch (RuntimeException ex) {
				failure = ex;
			}
			for (CompletableFuture<List<SeatsBack>> other : others) {
				try {
					chunks.addAll(other.join());
				}
				catch (CompletionException ex) {
					RuntimeException cause = (ex.getCause() instanceof RuntimeException runtime) ? runtime : ex;
					if (failure == null) {
						failure = cause;
					}
					else {
						failure.addSuppressed(cause);
					}
				}
			}
			if (failure != null) {
				throw failure;
			}
			return new Expired(chunks, returns.awaited());
		}
	}

	/**
	 * Expires chunks of the event's due holds until one comes back smaller than a chunk (none left that no other
	 * lane has taken).
	 */
	private List<SeatsBack> expireLane(long eventId, Returns returns) {
		List<SeatsBack> chunks = new ArrayList<>();
		SeatsBack expired;
		do {
			expired = expireChunk(eventId);
			if (!expired.released().isEmpty()) {
				returns.send(expired);
				chunks.add(expired);
				this.metrics.expired(expired.released());
			}
		}
		while (expired.released().size() == this.chunk);
		return chunks;
	}

	/**
	 * One chunk, holds first and event second; event first when the event's row lock did not come in time.
	 */
	private SeatsBack expireChunk(long eventId) {
		try {
			return Objects.requireNonNull(this.transactions.execute((status) -> {
				List<ReleasedBooking> expired = this.repository.expireDue(eventId, this.chunk);
				if (expired.isEmpty()) {
					return NOTHING;
				}
				this.repository.limitLockWaits(this.lockTimeout);
				if (!this.eventLock.lock(eventId)) {
					status.setRollbackOnly();
					return NOTHING;
				}
				return this.seats.returnSeats(eventId, expired);
			}));
		}
		catch (DataAccessException ex) {
			if (!waitedTooLong(ex)) {
				throw ex;
			}
			this.metrics.gaveWay();
			logger.debug("An expiry chunk of event {} waited more than {} for the event's row lock; doing it again "
					+ "event first", eventId, this.lockTimeout, ex);
			return Objects.requireNonNull(this.transactions.execute((status) -> {
				List<ReleasedBooking> expired = this.eventLock.lock(eventId)
						? this.repository.expireDue(eventId, this.chunk) : List.of();
				return expired.isEmpty() ? NOTHING : this.seats.returnSeats(eventId, expired);
			}));
		}
	}

	/**
	 * Whether a statement failed because it waited too long for a lock: {@code lock_timeout} (SQL state 55P03, which
	 * Spring leaves uncategorized) or Postgres's deadlock detector (40P01).
	 */
	private static boolean waitedTooLong(DataAccessException ex) {
		if (ex instanceof PessimisticLockingFailureException) {
			return true;
		}
		return ex.getMostSpecificCause() instanceof SQLException sql && LOCK_NOT_AVAILABLE.equals(sql.getSQLState());
	}

	/**
	 * What one run did with one event's due holds.
	 * @param chunks the chunks its lanes committed
	 * @param returned whether Valkey took every chunk's RETURN
	 */
	private record Expired(List<SeatsBack> chunks, boolean returned) {

	}

	/**
	 * The RETURNs of one event's chunks, whichever lane committed them: one in flight at a time, as before the lanes,
	 * each sent once the one before it was answered. Each is one script call of 5,000 bookings (25,000 arguments for
	 * Lettuce's one event loop to encode); with one in flight a lane, a loaded machine lost one chunk's RETURN in 2 of 3
	 * bench runs (docs/BENCHMARKS.md, "Expiry").
	 */
	private final class Returns {

		private final long eventId;

		private CompletableFuture<Boolean> inFlight = CompletableFuture.completedFuture(true);

		private boolean taken = true;

		Returns(long eventId) {
			this.eventId = eventId;
		}

		synchronized void send(SeatsBack expired) {
			this.taken &= this.inFlight.join();
			this.inFlight = HoldExpirer.this.seats.startGivingBackToGate(this.eventId, expired);
		}

		synchronized boolean awaited() {
			return this.taken & this.inFlight.join();
		}

	}

}
