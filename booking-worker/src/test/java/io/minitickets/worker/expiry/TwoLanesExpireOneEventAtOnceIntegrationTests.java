package io.minitickets.worker.expiry;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;

import javax.sql.DataSource;

import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.worker.WorkerIntegrationTestSupport;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Two chunks of one event's due holds are expired at once (issue 16: 100,000 holds due at once took 2.1 s of one
 * Postgres connection, docs/BENCHMARKS.md, "Expiry"), forced rather than timed: a third transaction holds the event's
 * row lock, and the expirer's two lanes each make a chunk EXPIRED and then wait, both, on that lock, their chunks
 * disjoint; once it is released, every hold is EXPIRED once and its seat is back in Postgres and the gate, or, when
 * a waiting list waits, offered to its oldest entries that fit, in order, though two chunks gave seats back at once.
 * The expirer runs only when called (its schedule is an hour here); the lock timeout is longer than the test waits.
 */
@TestPropertySource(properties = { "minitickets.holds.expiry-interval=1h", "minitickets.holds.chunk=100",
		"minitickets.holds.expiry-parallelism=2", "minitickets.holds.expiry-lock-timeout=10s",
		"spring.datasource.hikari.maximum-pool-size=6" })
class TwoLanesExpireOneEventAtOnceIntegrationTests extends WorkerIntegrationTestSupport {

	private static final int HOLDS = 1_000;

	private static final String EVENT_LOCK = "select id from events where id = $1 for update";

	@Autowired
	private HoldExpirer expirer;

	@Autowired
	private InventoryGate gate;

	@Autowired
	private DataSource dataSource;

	@Test
	void twoChunksOfOneEventAreExpiredAtOnceAndEveryHoldOnce() throws Exception {
		long eventId = eventWithDueHolds();

		ExpiryRun done = expireWithTwoChunksOpenAtOnce(eventId);

		assertThat(done.bookings()).isEqualTo(HOLDS);
		assertThat(done.seats()).isEqualTo(HOLDS);
		assertThat(status(eventId, "EXPIRED")).isEqualTo(HOLDS);
		assertThat(this.jdbc.queryForObject("select seats_sold from events where id = ?", Integer.class, eventId))
			.isZero();
		await().atMost(TIMEOUT).untilAsserted(() -> assertThat(this.gate.available(eventId)).hasValue((long) HOLDS));
	}

	@Test
	void seatsTwoChunksGiveBackAtOnceAreOfferedToTheOldestEntriesThatFitInOrder() throws Exception {
		long eventId = eventWithDueHolds();
		this.jdbc.update("""
				insert into waitlist_entries (event_id, user_id, quantity, joined_at)
				values (?, 900000, 101, clock_timestamp() - interval '1 hour')""", eventId);
		this.jdbc.update("""
				insert into waitlist_entries (event_id, user_id, quantity, joined_at)
				select ?, 900000 + g, 1, clock_timestamp() - interval '1 hour' + g * interval '1 second'
				from generate_series(1, 150) g""", eventId);

		ExpiryRun done = expireWithTwoChunksOpenAtOnce(eventId);

		assertThat(done.bookings()).isEqualTo(HOLDS);
		assertThat(this.jdbc.queryForList("""
				select user_id from waitlist_entries where event_id = ? and state = 'OFFERED' order by joined_at""",
				Long.class, eventId))
			.as("the 150 one-seat entries, none skipped; the older entry of 101 seats fits no chunk of 100")
			.containsExactlyElementsOf(LongStream.rangeClosed(900001, 900150).boxed().toList());
		assertThat(this.jdbc.queryForObject("select state from waitlist_entries where event_id = ? and user_id = 900000",
				String.class, eventId))
			.isEqualTo("WAITING");
		assertThat(status(eventId, "HELD")).as("one offer each").isEqualTo(150);
		assertThat(this.jdbc.queryForObject("select seats_sold from events where id = ?", Integer.class, eventId))
			.isEqualTo(150);
		await().atMost(TIMEOUT)
			.untilAsserted(() -> assertThat(this.gate.available(eventId)).hasValue((long) HOLDS - 150));
	}

	/**
	 * Holds the event's row lock until both lanes have made a chunk EXPIRED and wait for it, then lets them go on.
	 */
	private ExpiryRun expireWithTwoChunksOpenAtOnce(long eventId) throws Exception {
		try (ExecutorService runner = Executors.newSingleThreadExecutor();
				Connection holder = this.dataSource.getConnection()) {
			holder.setAutoCommit(false);
			try (PreparedStatement lock = holder.prepareStatement("select id from events where id = ? for update")) {
				lock.setLong(1, eventId);
				lock.executeQuery().close();
			}
			CompletableFuture<ExpiryRun> run = CompletableFuture.supplyAsync(this.expirer::expireDue, runner);

			await().atMost(TIMEOUT)
				.pollInterval(10, TimeUnit.MILLISECONDS)
				.failFast("the expiry run ended while the event was locked", run::isDone)
				.until(() -> waitersOnTheEventLock() == 2);
			assertThat(lockableHolds(eventId)).as("two chunks of 100 taken at once, disjoint").isEqualTo(HOLDS - 200);
			assertThat(status(eventId, "HELD")).as("neither committed").isEqualTo(HOLDS);

			holder.commit();
			return run.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
		}
	}

	/** A paid event whose every seat is a HELD booking of one seat, each already past its expiry. */
	private long eventWithDueHolds() {
		Long eventId = this.jdbc.queryForObject("""
				insert into events (name, capacity, sale_opens_at, price, currency, seats_sold)
				values ('lanes test event', ?, now(), 1000, 'EUR', ?) returning id""", Long.class, HOLDS, HOLDS);
		this.jdbc.update("""
				insert into bookings (id, event_id, user_id, quantity, status, gated, requested_at, hold_expires_at,
				                      amount, currency)
				select gen_random_uuid(), ?, 400000 + g, 1, 'HELD', false, now(),
				       now() - interval '1 second' - g * interval '1 millisecond', 1000, 'EUR'
				from generate_series(1, ?) g""", eventId, HOLDS);
		this.gate.load(eventId, 0);
		return eventId;
	}

	/** Sessions of the test's database waiting for the event lock statement's row lock. */
	private long waitersOnTheEventLock() {
		return count("""
				select count(*) from pg_stat_activity
				where datname = current_database() and wait_event_type = 'Lock' and query = ?""", EVENT_LOCK);
	}

	/** The event's HELD bookings no other transaction has locked (the probe's locks end with its statement). */
	private long lockableHolds(long eventId) {
		return count("""
				select count(*) from (select id from bookings where event_id = ? and status = 'HELD'
				                      for no key update skip locked) free""", eventId);
	}

	private long status(long eventId, String status) {
		return count("select count(*) from bookings where event_id = ? and status = ?", eventId, status);
	}

	private long count(String sql, Object... args) {
		Long count = this.jdbc.queryForObject(sql, Long.class, args);
		return (count != null) ? count : 0;
	}

}
