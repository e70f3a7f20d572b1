package io.minitickets.worker.expiry;

import java.util.List;

import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.worker.WorkerIntegrationTestSupport;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The scheduled expirer wakes when the next hold is due, not only every {@code minitickets.holds.expiry-interval}
 * (docs/BENCHMARKS.md, "Expiry"): three holds due 1.5 s apart, the first 5 s ahead (the shortest hold), with a 4 s
 * interval, each expire less than 1.4 s late. Waking only every 4 s, each hold would need a run of its own within
 * 1.4 s of its due instant (a run that late for one is before the next is due), three runs within 4.4 s: at most two
 * fit. The margin is for a loaded machine, where a run of one hold takes a few hundred ms.
 */
@TestPropertySource(properties = "minitickets.holds.expiry-interval=4s")
class ExpirerWakesWhenAHoldIsDueIntegrationTests extends WorkerIntegrationTestSupport {

	@Autowired
	private InventoryGate gate;

	@Test
	void expiresEachHoldWithinAFractionOfTheIntervalOfItsDueInstant() {
		long eventId = this.jdbc.queryForObject("""
				insert into events (name, capacity, sale_opens_at, price, currency, seats_sold)
				values ('paid test event', 10, now(), 1000, 'EUR', 3) returning id""", Long.class);
		this.gate.load(eventId, 7);
		this.jdbc.update("""
				insert into bookings (id, event_id, user_id, quantity, status, gated, requested_at, hold_expires_at,
				                      amount, currency)
				select gen_random_uuid(), ?, 400000 + g, 1, 'HELD', false, now(),
				       now() + interval '5 seconds' + g * interval '1500 milliseconds', 1000, 'EUR'
				from generate_series(0, 2) g""", eventId);

		await().atMost(TIMEOUT).untilAsserted(() -> assertThat(this.jdbc.queryForObject(
				"select count(*) from bookings where event_id = ? and status = 'EXPIRED'", Integer.class, eventId))
			.isEqualTo(3));

		List<Double> lateMs = this.jdbc.queryForList("""
				select extract(epoch from ended_at - hold_expires_at) * 1000 from bookings where event_id = ?
				order by hold_expires_at""", Double.class, eventId);
		assertThat(lateMs).hasSize(3).allSatisfy((late) -> assertThat(late).isBetween(0.0, 1_400.0));
		await().atMost(TIMEOUT).untilAsserted(() -> assertThat(this.gate.available(eventId)).hasValue(10));
	}

}
