package io.minitickets.worker.expiry;

import java.util.List;
import java.util.stream.IntStream;

import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.messaging.BookingRequested;
import io.minitickets.worker.WorkerIntegrationTestSupport;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The scheduled expirer at its default interval ends many holds due in the same second, through the whole pipeline:
 * 2,000 bookings of a paid event with a 5 s hold are settled HELD by the worker, then all become EXPIRED and every
 * seat is back in Postgres and in the gate. Not a timing test: the bound is generous; the bench measures lateness.
 */
class ScheduledExpiryIntegrationTests extends WorkerIntegrationTestSupport {

	private static final int HOLDS = 2_000;

	@Autowired
	private InventoryGate gate;

	@Test
	void expiresTwoThousandHoldsDueAtOnceAndGivesEverySeatBack() {
		long eventId = this.jdbc.queryForObject("""
				insert into events (name, capacity, sale_opens_at, price, currency, hold_seconds)
				values ('paid test event', ?, now(), 1000, 'USD', 5) returning id""", Long.class, HOLDS);
		this.gate.load(eventId, HOLDS);
		List<BookingRequested> requests = IntStream.range(0, HOLDS)
			.mapToObj((i) -> request(eventId, 200_000 + i, 1, false))
			.toList();

		publish(requests);

		awaitBookings(eventId, HOLDS);
		await().atMost(TIMEOUT).untilAsserted(() -> {
			assertThat(this.jdbc.queryForObject(
					"select count(*) from bookings where event_id = ? and status = 'EXPIRED'", Integer.class, eventId))
				.isEqualTo(HOLDS);
			assertThat(seatsSold(eventId)).isZero();
			assertThat(this.gate.available(eventId)).hasValue(HOLDS);
		});
	}

}
