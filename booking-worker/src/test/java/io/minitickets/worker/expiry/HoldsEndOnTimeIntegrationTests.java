package io.minitickets.worker.expiry;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

import io.micrometer.core.instrument.MeterRegistry;
import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.inventory.ReserveResult;
import io.minitickets.core.messaging.BookingRequested;
import io.minitickets.core.messaging.BookingSettled;
import io.minitickets.core.messaging.BookingStatus;
import io.minitickets.core.messaging.BookingTopics;
import io.minitickets.core.status.BookingStatusCache;
import io.minitickets.core.status.CachedBooking;
import io.minitickets.core.testing.Concurrently;
import io.minitickets.worker.WorkerIntegrationTestSupport;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Holds end on time and give their seats back (DESIGN.md, invariant 9), the expirer called directly (its schedule is
 * an hour here): a due hold becomes EXPIRED once, its seats go back to Postgres, the gate and its user's per-user
 * count, its status and {@code bookings.settled} say EXPIRED; a hold not yet due stays HELD; two expirers running at
 * once expire each hold exactly once. Small chunks make the two expirers take turns on one event.
 */
@TestPropertySource(properties = { "minitickets.holds.expiry-interval=1h", "minitickets.holds.chunk=300" })
class HoldsEndOnTimeIntegrationTests extends WorkerIntegrationTestSupport {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	@Autowired
	private HoldExpirer expirer;

	@Autowired
	private InventoryGate gate;

	@Autowired
	private BookingStatusCache statusCache;

	@Autowired
	private MeterRegistry meters;

	@Test
	void expiresADueHoldAndGivesItsSeatsBackEverywhere() {
		long eventId = paidEvent(5, 2);
		this.gate.load(eventId, 5);
		BookingRequested due = request(eventId, 1, 2, true);
		assertThat(this.gate.reserve(eventId, due.bookingId(), 1, 2, 2).result()).isEqualTo(ReserveResult.RESERVED);
		BookingRequested notDue = request(eventId, 2, 1, false);
		publish(List.of(due, notDue));
		awaitBookings(eventId, 2);
		await().atMost(TIMEOUT).untilAsserted(() -> {
			assertThat(this.statusCache.get(due.bookingId()).map(CachedBooking::status)).hasValue(BookingStatus.HELD);
			assertThat(this.gate.available(eventId)).hasValue(2);
		});
		this.jdbc.update("update bookings set hold_expires_at = now() - interval '1 second' where id = ?",
				due.bookingId());
		Instant expiresAt = this.jdbc
			.queryForObject("select hold_expires_at from bookings where id = ?", OffsetDateTime.class, due.bookingId())
			.toInstant();
		double expiredBefore = expiredCounter();

		ExpiryRun run = this.expirer.expireDue();

		assertThat(run).isEqualTo(new ExpiryRun(1, 1, 2, true));
		assertThat(outcomes(eventId)).containsEntry(due.bookingId(), "EXPIRED").containsEntry(notDue.bookingId(), "HELD");
		assertThat(this.jdbc.queryForObject("select ended_at is not null from bookings where id = ?", Boolean.class,
				due.bookingId())).isTrue();
		assertThat(seatsSold(eventId)).isEqualTo(1);
		assertThat(this.gate.available(eventId)).hasValue(4);
		assertThat(this.statusCache.get(due.bookingId())).hasValue(new CachedBooking(due.bookingId(), eventId, 1, 2,
				BookingStatus.EXPIRED, null, new CachedBooking.Hold(expiresAt, 5_000, "EUR")));
		assertThat(this.gate.reserve(eventId, UUID.randomUUID(), 1, 2, 2).result())
			.as("the user's held seats no longer count against the per-user limit")
			.isEqualTo(ReserveResult.RESERVED);
		assertThat(expiredCounter() - expiredBefore).isEqualTo(1);
		assertThat(published(due.bookingId())).extracting(BookingSettled::status)
			.containsExactly(BookingStatus.HELD, BookingStatus.EXPIRED);
		assertThat(this.expirer.expireDue()).as("nothing is due any more").isEqualTo(new ExpiryRun(0, 0, 0, true));
	}

	@Test
	void twoExpirersAtOnceExpireEachHoldExactlyOnce() throws Exception {
		int holds = 2_000;
		long eventId = paidEvent(holds + 500, null);
		this.jdbc.update("""
				insert into bookings (id, event_id, user_id, quantity, status, gated, requested_at, hold_expires_at,
				                      amount, currency)
				select gen_random_uuid(), ?, 100000 + g, 1, 'HELD', false, now(), now() - interval '1 second', 2500, 'EUR'
				from generate_series(1, ?) g""", eventId, holds);
		this.jdbc.update("update events set seats_sold = ? where id = ?", holds, eventId);
		this.gate.load(eventId, 500);

		List<ExpiryRun> runs = Concurrently.<ExpiryRun>run(2, (i) -> () -> this.expirer.expireDue());

		assertThat(runs.stream().mapToInt(ExpiryRun::bookings).sum()).isEqualTo(holds);
		assertThat(runs.stream().mapToLong(ExpiryRun::seats).sum()).isEqualTo(holds);
		assertThat(seatsSold(eventId)).isZero();
		assertThat(outcomes(eventId).values()).hasSize(holds).containsOnly("EXPIRED");
		assertThat(this.gate.available(eventId)).as("every hold's seats returned once").hasValue(holds + 500);
	}

	private long paidEvent(int capacity, Integer perUserLimit) {
		return this.jdbc.queryForObject("""
				insert into events (name, capacity, sale_opens_at, per_user_limit, price, currency, hold_seconds)
				values ('paid test event', ?, now(), ?, 2500, 'EUR', 600) returning id""", Long.class, capacity,
				perUserLimit);
	}

	private double expiredCounter() {
		return this.meters.counter("minitickets.holds.expired").count();
	}

	private List<BookingSettled> published(UUID bookingId) {
		return readAll(BookingTopics.SETTLED).stream()
			.map((record) -> JSON.readValue(record.value(), BookingSettled.class))
			.filter((settled) -> settled.bookingId().equals(bookingId))
			.toList();
	}

}
