package io.minitickets.worker.expiry;

import java.util.List;

import io.minitickets.worker.WorkerIntegrationTestSupport;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.TestPropertySource;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A chunk of expiry reads only the chunk (docs/BENCHMARKS.md, "Expiry"): right after 20,000 holds of one event were
 * written, not yet analyzed (as a burst of settlements leaves them), Postgres plans the chunk statement as a walk of
 * the event's open holds in expiry order that stops at the chunk, with no sort of every due hold, and updates the
 * rows it found by their tuple ids (a TID scan, not one primary-key probe per row and a hash of the ids). The holds are
 * rolled back: other tests of this context expire what is due.
 */
@TestPropertySource(properties = "minitickets.holds.expiry-interval=1h")
class ExpiryChunkWalksTheDueHoldsIntegrationTests extends WorkerIntegrationTestSupport {

	@Autowired
	private PlatformTransactionManager transactionManager;

	@Test
	void plansTheChunkAsAnOrderedIndexWalkWithoutASort() {
		List<String> plan = new TransactionTemplate(this.transactionManager).execute((status) -> {
			status.setRollbackOnly();
			return planOfAChunkAfterTwentyThousandHolds();
		});

		assertThat(String.join("\n", plan)).contains("Index Scan using bookings_event_due_holds_idx")
			.contains("Tid Scan on bookings")
			.doesNotContain("Sort")
			.doesNotContain("bookings_pkey");
	}

	private List<String> planOfAChunkAfterTwentyThousandHolds() {
		long eventId = this.jdbc.queryForObject("""
				insert into events (name, capacity, sale_opens_at, price, currency)
				values ('paid test event', 20000, now(), 1000, 'EUR') returning id""", Long.class);
		this.jdbc.update("""
				insert into bookings (id, event_id, user_id, quantity, status, gated, requested_at, hold_expires_at,
				                      amount, currency)
				select gen_random_uuid(), ?, 300000 + g, 1, 'HELD', false, now(), now() - interval '1 second', 1000, 'EUR'
				from generate_series(1, 20000) g""", eventId);

		return this.jdbc.queryForList("explain " + ExpiryRepository.EXPIRE, String.class, eventId, 5_000);
	}

}
