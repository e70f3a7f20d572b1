package io.minitickets.worker.settlement;

import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.inventory.ReserveResult;
import io.minitickets.core.messaging.BookingRequested;
import io.minitickets.core.messaging.BookingSettled;
import io.minitickets.core.messaging.BookingStatus;
import io.minitickets.core.messaging.BookingTopics;
import io.minitickets.core.status.BookingStatusCache;
import io.minitickets.core.status.CachedBooking;
import io.minitickets.worker.WorkerIntegrationTestSupport;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Settling a paid event's booking holds its seats (DESIGN.md, "Booking lifecycle"): HELD until {@code settled_at} +
 * the event's hold, for price × quantity, the seats taken in Postgres and in the gate exactly as a confirmation takes
 * them, the per-user limit counting held seats; the status cache and {@code bookings.settled} carry the hold.
 */
class PaidEventsHoldTheirSeatsIntegrationTests extends WorkerIntegrationTestSupport {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	@Autowired
	private InventoryGate gate;

	@Autowired
	private BookingStatusCache statusCache;

	@Test
	void holdsTheSeatsUntilTheHoldPassesForPriceTimesQuantity() {
		long eventId = paidEvent(5, 2);
		this.gate.load(eventId, 5);
		BookingRequested held = reserved(request(eventId, 1, 2, true));
		BookingRequested overUserLimit = request(eventId, 1, 1, false);
		BookingRequested ungated = request(eventId, 2, 1, false);

		publish(List.of(held, overUserLimit, ungated));

		awaitBookings(eventId, 3);
		assertThat(outcomes(eventId)).containsExactlyInAnyOrderEntriesOf(Map.of(held.bookingId(), "HELD",
				overUserLimit.bookingId(), "REJECTED USER_LIMIT", ungated.bookingId(), "HELD"));
		assertThat(seatsSold(eventId)).isEqualTo(3);
		Map<String, Object> row = this.jdbc.queryForMap(
				"select settled_at, hold_expires_at, amount, currency from bookings where id = ?", held.bookingId());
		Instant settledAt = ((Timestamp) row.get("settled_at")).toInstant();
		Instant expiresAt = ((Timestamp) row.get("hold_expires_at")).toInstant();
		assertThat(Duration.between(settledAt, expiresAt)).isEqualTo(Duration.ofSeconds(90));
		assertThat(row.get("amount")).isEqualTo(5_000L);
		assertThat(row.get("currency")).isEqualTo("EUR");
		CachedBooking.Hold hold = new CachedBooking.Hold(expiresAt, 5_000, "EUR");
		await().atMost(TIMEOUT).untilAsserted(() -> {
			assertThat(this.statusCache.get(held.bookingId())).hasValue(new CachedBooking(held.bookingId(), eventId,
					1, 2, BookingStatus.HELD, null, hold));
			assertThat(this.gate.snapshot(eventId).leases()).as("a held lease is settled as taken").isEmpty();
			assertThat(this.gate.available(eventId)).hasValue(5 - 3);
		});
		await().atMost(TIMEOUT).untilAsserted(() -> assertThat(settled(held.bookingId()))
			.isEqualTo(new BookingSettled(held.bookingId(), eventId, 1, 2, BookingStatus.HELD, null, settledAt,
					expiresAt, 5_000L, "EUR")));
	}

	@Test
	void confirmsAFreeEventAtOnceWithoutAHold() {
		long eventId = createEvent(5, null);
		BookingRequested free = request(eventId, 1, 2, false);

		publish(List.of(free));

		awaitBookings(eventId, 1);
		assertThat(outcomes(eventId)).containsEntry(free.bookingId(), "CONFIRMED");
		assertThat(this.jdbc.queryForMap("select hold_expires_at, amount, currency from bookings where id = ?",
				free.bookingId()))
			.containsEntry("hold_expires_at", null)
			.containsEntry("amount", null)
			.containsEntry("currency", null);
		await().atMost(TIMEOUT).untilAsserted(() -> assertThat(this.statusCache.get(free.bookingId()))
			.hasValueSatisfying((cached) -> assertThat(cached.hold()).isNull()));
	}

	private long paidEvent(int capacity, int perUserLimit) {
		Long id = this.jdbc.queryForObject("""
				insert into events (name, capacity, sale_opens_at, per_user_limit, price, currency, hold_seconds)
				values ('paid test event', ?, now(), ?, 2500, 'EUR', 90) returning id""", Long.class, capacity,
				perUserLimit);
		return id;
	}

	private BookingRequested reserved(BookingRequested request) {
		assertThat(this.gate.reserve(request.eventId(), request.bookingId(), request.userId(), request.quantity(), null)
			.result()).isEqualTo(ReserveResult.RESERVED);
		return request;
	}

	private BookingSettled settled(UUID bookingId) {
		return readAll(BookingTopics.SETTLED).stream()
			.map((record) -> JSON.readValue(record.value(), BookingSettled.class))
			.filter((settled) -> settled.bookingId().equals(bookingId))
			.findFirst()
			.orElse(null);
	}

}
