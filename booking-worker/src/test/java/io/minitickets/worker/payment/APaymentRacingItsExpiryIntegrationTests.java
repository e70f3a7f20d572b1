package io.minitickets.worker.payment;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import javax.sql.DataSource;

import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.worker.WorkerIntegrationTestSupport;
import io.minitickets.worker.expiry.ExpiryRun;
import io.minitickets.worker.expiry.HoldExpirer;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A payment and its hold's expiry truly at once (issue 16, "Chaos": a payment racing its hold's expiry), the
 * interleaving forced rather than hoped for: a third transaction takes the event's row lock first, the one that goes
 * first is started and waits on that lock in Postgres, then the other is started and queues behind it; the lock is
 * released and Postgres grants the row to its waiters in the order they came. Each test then checks that the race has
 * exactly one outcome (CONFIRMED, or EXPIRED and refunded exactly once), that the seats are counted once and that the
 * gate and Postgres agree. The expirer and the refund retrier run only when called (their schedules are an hour here);
 * refunds go to {@link RefundStub} through the production Stripe adapter.
 */
@TestPropertySource(properties = { "minitickets.holds.expiry-interval=1h", "minitickets.refunds.retry-interval=1h",
		"minitickets.refunds.retry-after=0s", "spring.datasource.hikari.maximum-pool-size=6" })
class APaymentRacingItsExpiryIntegrationTests extends WorkerIntegrationTestSupport {

	private static final RefundStub PROVIDER = new RefundStub();

	@Autowired
	private PaymentApplier applier;

	@Autowired
	private HoldExpirer expirer;

	@Autowired
	private RefundRetrier retrier;

	@Autowired
	private InventoryGate gate;

	@Autowired
	private DataSource dataSource;

	@DynamicPropertySource
	static void provider(DynamicPropertyRegistry registry) {
		PROVIDER.register(registry);
	}

	@Test
	void paymentLockedFirstConfirmsAndTheExpiryWaitingBehindItFindsNothingDue() throws Exception {
		DueHold hold = DueHold.create(this.jdbc, this.gate, "race test event");
		long eventId = hold.eventId();
		UUID bookingId = hold.bookingId();

		Race race = race(eventId, () -> this.applier.apply(hold.paid()), this.expirer::expireDue);

		assertThat(race.payment()).isEqualTo(PaymentOutcome.CONFIRMED);
		assertThat(race.expiry().bookings()).as("the expirer saw the hold due, then found it paid").isZero();
		assertThat(status(bookingId)).isEqualTo("CONFIRMED");
		assertThat(refunds(bookingId)).isZero();
		assertSeatsCountedOnceAndGateAgrees(eventId);
	}

	@Test
	void expiryLockedFirstAndTheSeatsStillFreeThePaymentWaitingBehindItConfirmsAfterTheExpiry() throws Exception {
		DueHold hold = DueHold.create(this.jdbc, this.gate, "race test event");
		long eventId = hold.eventId();
		UUID bookingId = hold.bookingId();

		Race race = race(eventId, this.expirer::expireDue, () -> this.applier.apply(hold.paid()));

		assertThat(race.expiry().bookings()).isEqualTo(1);
		assertThat(race.payment()).isEqualTo(PaymentOutcome.CONFIRMED_AFTER_EXPIRY);
		assertThat(status(bookingId)).isEqualTo("CONFIRMED");
		assertThat(refunds(bookingId)).isZero();
		assertSeatsCountedOnceAndGateAgrees(eventId);
	}

	@Test
	void expiryLockedFirstHandsTheSeatsToTheWaitingListAndThePaymentWaitingBehindItIsRefundedOnce()
			throws Exception {
		DueHold hold = DueHold.create(this.jdbc, this.gate, "race test event");
		long eventId = hold.eventId();
		UUID bookingId = hold.bookingId();
		Long entry = this.jdbc.queryForObject("""
				insert into waitlist_entries (event_id, user_id, quantity, joined_at)
				values (?, 77, ?, clock_timestamp()) returning id""", Long.class, eventId, DueHold.CAPACITY);

		Race race = race(eventId, this.expirer::expireDue, () -> this.applier.apply(hold.paid()));
		this.retrier.retryPending();

		assertThat(race.expiry().bookings()).isEqualTo(1);
		assertThat(race.payment()).isEqualTo(PaymentOutcome.REFUNDED);
		assertThat(status(bookingId)).isEqualTo("REFUNDED");
		assertThat(this.jdbc.queryForObject("select state from waitlist_entries where id = ?", String.class, entry))
			.as("the seats went to the waiting list's offer, not to the late payment")
			.isEqualTo("OFFERED");
		assertThat(refunds(bookingId)).isEqualTo(1);
		assertThat(this.jdbc.queryForObject("select done_at is not null from refunds where booking_id = ?",
				Boolean.class, bookingId)).isTrue();
		assertThat(PROVIDER.calls()).filteredOn(("refund-" + bookingId)::equals).hasSize(1);
		assertSeatsCountedOnceAndGateAgrees(eventId);
	}

	/**
	 * Runs two transactions on the same event at once in a forced order: a lock holder takes the event's row lock,
	 * {@code first} is started and awaited until it waits on that lock, {@code second} likewise (queued behind
	 * {@code first}), then the holder commits. Each racer has a thread of its own (the common pool's few threads may
	 * be busy with the context's own work, and a racer queued there never reaches Postgres).
	 */
	private Race race(long eventId, Step first, Step second) throws Exception {
		try (ExecutorService racers = Executors.newFixedThreadPool(2);
				Connection holder = this.dataSource.getConnection()) {
			holder.setAutoCommit(false);
			try (PreparedStatement lock = holder.prepareStatement("select id from events where id = ? for update")) {
				lock.setLong(1, eventId);
				lock.executeQuery().close();
			}
			CompletableFuture<Object> firstDone = CompletableFuture.supplyAsync(first::run, racers);
			awaitWaitersOnALock(1, firstDone);
			CompletableFuture<Object> secondDone = CompletableFuture.supplyAsync(second::run, racers);
			awaitWaitersOnALock(2, firstDone, secondDone);
			assertThat(firstDone).as("both are blocked on the event's row lock").isNotDone();
			assertThat(secondDone).isNotDone();
			holder.commit();
			Object a = firstDone.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
			Object b = secondDone.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
			return (a instanceof PaymentOutcome outcome) ? new Race(outcome, (ExpiryRun) b)
					: new Race((PaymentOutcome) b, (ExpiryRun) a);
		}
	}

	/**
	 * Waits until this many transactions of the test's database wait on a lock; fails at once when a racer ended
	 * instead of waiting, and says what every racer and every session of the database was doing.
	 */
	private void awaitWaitersOnALock(int waiters, CompletableFuture<?>... racers) {
		try {
			await().atMost(TIMEOUT)
				.failFast("a racer ended instead of waiting on the row lock",
						() -> assertThat(racers).as(() -> whatRuns(racers)).noneMatch(CompletableFuture::isDone))
				.until(() -> this.jdbc.queryForObject("""
						select count(*) from pg_stat_activity
						where datname = current_database() and wait_event_type = 'Lock'""", Long.class) == waiters);
		}
		catch (ConditionTimeoutException ex) {
			throw new AssertionError("not " + waiters + " waiting on a lock: " + whatRuns(racers), ex);
		}
	}

	private String whatRuns(CompletableFuture<?>... racers) {
		return "racers " + Stream.of(racers)
			.map((racer) -> racer.handle((result, failure) -> String.valueOf((failure != null) ? failure : result))
				.getNow("running"))
			.toList() + ", sessions " + this.jdbc.queryForList("""
					select pid, state, wait_event_type, wait_event, query from pg_stat_activity
					where datname = current_database()""");
	}

	/**
	 * Seats are counted once (seats_sold is the HELD and CONFIRMED quantities, never above the capacity); what the
	 * gate offers plus those is the capacity; every successful payment is one CONFIRMED booking or one refund.
	 */
	private void assertSeatsCountedOnceAndGateAgrees(long eventId) {
		long taken = count("""
				select coalesce(sum(quantity), 0) from bookings where event_id = ? and status in ('HELD', 'CONFIRMED')""",
				eventId);
		assertThat((long) seatsSold(eventId)).isEqualTo(taken).isLessThanOrEqualTo(DueHold.CAPACITY);
		await().atMost(TIMEOUT)
			.untilAsserted(() -> assertThat(this.gate.available(eventId).orElseThrow() + taken)
				.isEqualTo(DueHold.CAPACITY));
		long succeeded = count("""
				select count(*) from payments p join bookings b on b.id = p.booking_id
				where b.event_id = ? and p.kind = 'SUCCEEDED'""", eventId);
		long confirmedPaid = count("""
				select count(*) from bookings b where b.event_id = ? and b.status = 'CONFIRMED'
				and exists (select 1 from payments p where p.booking_id = b.id and p.outcome = 'CONFIRMED')""", eventId);
		long refunds = count("select count(*) from refunds r join bookings b on b.id = r.booking_id where b.event_id = ?",
				eventId);
		assertThat(succeeded).as("one payment, one outcome").isEqualTo(1).isEqualTo(confirmedPaid + refunds);
	}

	private String status(UUID bookingId) {
		return this.jdbc.queryForObject("select status from bookings where id = ?", String.class, bookingId);
	}

	private long refunds(UUID bookingId) {
		return count("select count(*) from refunds where booking_id = ?", bookingId);
	}

	private long count(String sql, Object... args) {
		Long count = this.jdbc.queryForObject(sql, Long.class, args);
		return (count != null) ? count : 0;
	}

	/** One side of the race. */
	@FunctionalInterface
	private interface Step {

		Object run();

	}

	private record Race(PaymentOutcome payment, ExpiryRun expiry) {

	}

}
