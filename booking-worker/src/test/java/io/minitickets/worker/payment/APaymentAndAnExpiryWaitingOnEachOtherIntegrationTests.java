package io.minitickets.worker.payment;

import java.sql.Connection;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import io.micrometer.core.instrument.MeterRegistry;
import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.worker.WorkerIntegrationTestSupport;
import io.minitickets.worker.expiry.ExpiryRun;
import io.minitickets.worker.expiry.HoldExpirer;
import io.minitickets.worker.release.EventLock;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A payment and its hold's expiry each holding what the other waits for (DESIGN.md, "After the 202": the expirer
 * locks its chunk's holds first and the event's row second, the reverse of a payment), the interleaving forced: the
 * payment's transaction is opened by the test and takes the event's row lock (the payment's first statement), the
 * expirer is started and awaited until it has made the hold EXPIRED, uncommitted, and waits for the event's row lock;
 * then the payment is applied in that transaction and waits for the hold's row. Postgres does not have to break the
 * deadlock: the expirer waits at most {@code minitickets.holds.expiry-lock-timeout} (here 800 ms, less than
 * Postgres's 1 s {@code deadlock_timeout}, so that the wait the test forces is the lock timeout's, not the deadlock
 * detector's), rolls its chunk back and does it again event first, behind the payment. No error surfaces, the payment
 * confirms the hold, the expiry finds nothing due, the seats are counted once.
 */
@TestPropertySource(properties = { "minitickets.holds.expiry-interval=1h", "minitickets.refunds.retry-interval=1h",
		"minitickets.holds.expiry-lock-timeout=800ms", "spring.datasource.hikari.maximum-pool-size=6" })
class APaymentAndAnExpiryWaitingOnEachOtherIntegrationTests extends WorkerIntegrationTestSupport {

	private static final RefundStub PROVIDER = new RefundStub();

	@Autowired
	private PaymentApplier applier;

	@Autowired
	private HoldExpirer expirer;

	@Autowired
	private EventLock eventLock;

	@Autowired
	private InventoryGate gate;

	@Autowired
	private DataSource dataSource;

	@Autowired
	private PlatformTransactionManager transactionManager;

	@Autowired
	private MeterRegistry meters;

	@DynamicPropertySource
	static void provider(DynamicPropertyRegistry registry) {
		PROVIDER.register(registry);
	}

	@Test
	void theExpirerGivesWayThePaymentConfirmsAndTheExpiryFindsNothingDue() throws Exception {
		DueHold hold = DueHold.create(this.jdbc, this.gate, "deadlock test event");
		long eventId = hold.eventId();
		UUID bookingId = hold.bookingId();
		double givenWay = givenWay();
		try (ExecutorService threads = Executors.newFixedThreadPool(2);
				Connection observing = this.dataSource.getConnection()) {
			JdbcTemplate observer = new JdbcTemplate(new SingleConnectionDataSource(observing, true));
			CompletableFuture<ExpiryRun> expiry = new CompletableFuture<>();
			CompletableFuture<Boolean> cycle = new CompletableFuture<>();

			PaymentOutcome outcome = new TransactionTemplate(this.transactionManager).execute((status) -> {
				assertThat(this.eventLock.lock(eventId)).isTrue();
				CompletableFuture.supplyAsync(this.expirer::expireDue, threads).whenComplete((run, failure) -> {
					if (failure != null) {
						expiry.completeExceptionally(failure);
					}
					else {
						expiry.complete(run);
					}
				});
				await().atMost(TIMEOUT)
					.pollInterval(5, TimeUnit.MILLISECONDS)
					.failFast("the expiry run ended while the event was locked", expiry::isDone)
					.until(() -> waiting(observer, "select id from events where id = $1 for update") == 1);
				assertThat(holdLockable(observer, bookingId)).as("the expirer holds the hold").isFalse();
				CompletableFuture.runAsync(() -> cycle.complete(cycleSeen(observer, expiry)), threads);

				return this.applier.apply(hold.paid());
			});

			assertThat(cycle.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS))
				.as("the payment waited for the hold while the expirer waited for the event")
				.isTrue();
			assertThat(outcome).isEqualTo(PaymentOutcome.CONFIRMED);
			assertThat(expiry.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS).bookings()).isZero();
		}
		assertThat(givenWay() - givenWay).as("the expirer gave way once").isEqualTo(1);
		assertThat(this.jdbc.queryForObject("select status from bookings where id = ?", String.class, bookingId))
			.isEqualTo("CONFIRMED");
		assertThat(this.jdbc.queryForObject("select seats_sold from events where id = ?", Integer.class, eventId))
			.isEqualTo(DueHold.CAPACITY);
		assertThat(this.jdbc.queryForObject("select count(*) from refunds where booking_id = ?", Long.class,
				bookingId))
			.isZero();
		assertThat(this.gate.available(eventId)).hasValue(0);
	}

	/**
	 * Polls until the expirer's run ends: true when a session waited for the payment's UPDATE of the hold while another
	 * waited for the event's row lock, both at once.
	 */
	private static boolean cycleSeen(JdbcTemplate observer, CompletableFuture<ExpiryRun> expiry) {
		while (!expiry.isDone()) {
			Long both = observer.queryForObject("""
					select count(*) filter (where query like 'update bookings set status = ''CONFIRMED''%')
					       * count(*) filter (where query like 'select id from events where id = $1 for update')
					from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'""",
					Long.class);
			if (both != null && both > 0) {
				return true;
			}
		}
		return false;
	}

	private static long waiting(JdbcTemplate observer, String query) {
		Long count = observer.queryForObject("""
				select count(*) from pg_stat_activity
				where datname = current_database() and wait_event_type = 'Lock' and query = ?""", Long.class, query);
		return (count != null) ? count : 0;
	}

	/** Whether no other transaction locks the booking (the probe's lock ends with its statement). */
	private static boolean holdLockable(JdbcTemplate observer, UUID bookingId) {
		return !observer.queryForList("select id from bookings where id = ? for no key update skip locked",
				UUID.class, bookingId).isEmpty();
	}

	private double givenWay() {
		return this.meters.counter("minitickets.holds.expiry.lock.given.way").count();
	}

}
