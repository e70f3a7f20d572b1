package io.minitickets.reconciler.inventory;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.DelayQueue;
import java.util.concurrent.Delayed;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.inventory.LeaseOutcome;
import io.minitickets.core.inventory.ReserveResult;
import io.minitickets.core.messaging.BookingStatus;
import org.springframework.transaction.support.TransactionOperations;

/**
 * One event's sale at full speed against the real gate and Postgres: API threads RESERVE and publish to an in-memory
 * backlog (standing in for Kafka), worker threads decide batches in Postgres and SETTLE. Some sends fail (the lease is
 * released), some settles are lost (orphaned leases) and some come late (a Valkey retry, a paused worker).
 */
final class SaleSimulation implements AutoCloseable {

	private static final int RESERVERS = 3;

	private static final int WORKERS = 3;

	private static final int WORKER_BATCH = 10;

	/** Bookings published but not yet decided, at most: the Kafka backlog. */
	private static final int MAX_BACKLOG = 200;

	private final InventoryGate gate;

	private final SaleFixture sales;

	private final TransactionOperations transactions;

	private final long eventId;

	private final ExecutorService threads = Executors.newFixedThreadPool(RESERVERS + WORKERS + 1);

	private final List<Future<?>> apiAndWorkers = new ArrayList<>();

	private final BlockingQueue<Lease> backlog = new LinkedBlockingQueue<>();

	private final DelayQueue<LateSettle> lateSettles = new DelayQueue<>();

	private final AtomicBoolean selling = new AtomicBoolean(true);

	private final AtomicBoolean working = new AtomicBoolean(true);

	private final AtomicInteger lostSettles = new AtomicInteger();

	private final Future<?> lateSettler;

	SaleSimulation(InventoryGate gate, SaleFixture sales, TransactionOperations transactions, long eventId) {
		this.gate = gate;
		this.sales = sales;
		this.transactions = transactions;
		this.eventId = eventId;
		for (int i = 0; i < RESERVERS; i++) {
			this.apiAndWorkers.add(this.threads.submit(this::reserve));
		}
		for (int i = 0; i < WORKERS; i++) {
			this.apiAndWorkers.add(this.threads.submit(this::decideAndSettle));
		}
		this.lateSettler = this.threads.submit(this::settleLate);
	}

	/**
	 * Stops taking bookings and waits until every published booking is decided and every settle not lost is applied.
	 * @throws Exception when a thread failed, or did not finish within 30 s
	 */
	void finish() throws Exception {
		this.selling.set(false);
		for (Future<?> thread : this.apiAndWorkers) {
			thread.get(30, TimeUnit.SECONDS);
		}
		this.working.set(false);
		this.lateSettler.get(30, TimeUnit.SECONDS);
	}

	int lostSettles() {
		return this.lostSettles.get();
	}

	@Override
	public void close() {
		this.selling.set(false);
		this.working.set(false);
		this.threads.shutdownNow();
	}

	/** The API: RESERVE, then publish; one send in twenty fails and releases its lease. */
	private void reserve() {
		ThreadLocalRandom random = ThreadLocalRandom.current();
		while (this.selling.get()) {
			if (this.backlog.size() >= MAX_BACKLOG) {
				LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(500));
				continue;
			}
			UUID bookingId = UUID.randomUUID();
			int seats = random.nextInt(1, 4);
			if (this.gate.reserve(this.eventId, bookingId, seats).result() != ReserveResult.RESERVED) {
				LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(500));
			}
			else if (random.nextInt(20) == 0) {
				this.gate.settle(this.eventId, bookingId, LeaseOutcome.RELEASED, seats);
			}
			else {
				this.backlog.add(new Lease(bookingId, seats));
			}
		}
	}

	/**
	 * The worker: takes a batch, Postgres decides it in one transaction (one booking in five turned down as if over a
	 * per-user limit), then SETTLE each; one settle in twenty is lost and one in ten comes 20–60 ms late.
	 */
	private void decideAndSettle() {
		ThreadLocalRandom random = ThreadLocalRandom.current();
		try {
			while (this.selling.get() || !this.backlog.isEmpty()) {
				Lease first = this.backlog.poll(10, TimeUnit.MILLISECONDS);
				if (first == null) {
					continue;
				}
				List<Lease> batch = new ArrayList<>(List.of(first));
				this.backlog.drainTo(batch, WORKER_BATCH - 1);
				Map<Lease, BookingStatus> decided = new LinkedHashMap<>();
				this.transactions.executeWithoutResult((tx) -> batch.forEach((lease) -> decided.put(lease,
						this.sales.decide(this.eventId, lease.bookingId(), lease.seats(), random.nextInt(5) != 0))));
				decided.forEach((lease, status) -> {
					int fate = random.nextInt(20);
					if (fate == 0) {
						this.lostSettles.incrementAndGet();
					}
					else if (fate <= 2) {
						long due = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(random.nextInt(20, 60));
						this.lateSettles.add(new LateSettle(lease, status, due));
					}
					else {
						this.gate.settle(this.eventId, lease.bookingId(), LeaseOutcome.of(status), lease.seats());
					}
				});
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	/** Applies the late settles when they are due, until the workers are done and none is left. */
	private void settleLate() {
		try {
			while (this.working.get() || !this.lateSettles.isEmpty()) {
				LateSettle late = this.lateSettles.poll(10, TimeUnit.MILLISECONDS);
				if (late != null) {
					this.gate.settle(this.eventId, late.lease().bookingId(), LeaseOutcome.of(late.status()),
							late.lease().seats());
				}
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private record Lease(UUID bookingId, int seats) {
	}

	private record LateSettle(Lease lease, BookingStatus status, long dueNanos) implements Delayed {

		@Override
		public long getDelay(TimeUnit unit) {
			return unit.convert(this.dueNanos - System.nanoTime(), TimeUnit.NANOSECONDS);
		}

		@Override
		public int compareTo(Delayed other) {
			return Long.compare(getDelay(TimeUnit.NANOSECONDS), other.getDelay(TimeUnit.NANOSECONDS));
		}

	}

}
