package io.minitickets.worker.settlement;

import java.util.List;

import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.inventory.ReserveResult;
import io.minitickets.core.messaging.BookingRequested;
import io.minitickets.core.messaging.BookingStatus;
import io.minitickets.core.messaging.RejectionReason;
import io.minitickets.core.status.BookingStatusCache;
import io.minitickets.core.status.CachedBooking;
import io.minitickets.worker.WorkerIntegrationTestSupport;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * After the Postgres commit the gate follows Postgres (DESIGN.md, "SETTLE is decided by the lease"): a confirmed lease
 * keeps its seats, a rejected one gives them back, an ungated confirm takes its seats from the counter, and the status
 * cache shows the final status.
 */
class LeasesAreSettledAfterCommitIntegrationTests extends WorkerIntegrationTestSupport {

	@Autowired
	private InventoryGate gate;

	@Autowired
	private BookingStatusCache statusCache;

	@Test
	void settlesEveryLeaseWithPostgresOutcomeAndWritesTheFinalStatus() {
		long eventId = createEvent(5, 2);
		this.gate.load(eventId, 5);
		BookingRequested ungated = request(eventId, 1, 1, false);
		BookingRequested overUserLimit = reserved(request(eventId, 1, 2, true));
		BookingRequested confirmed = reserved(request(eventId, 2, 2, true));
		assertThat(this.gate.available(eventId)).hasValue(1);

		publish(List.of(ungated, overUserLimit, confirmed));

		// The lease settles go over the gate's connection and the statuses over the main one, concurrently: a status
		// can be visible a moment before its lease is settled, so both are awaited together.
		await().atMost(TIMEOUT).untilAsserted(() -> {
			assertThat(status(ungated)).isEqualTo(cached(ungated, BookingStatus.CONFIRMED, null));
			assertThat(status(overUserLimit))
				.isEqualTo(cached(overUserLimit, BookingStatus.REJECTED, RejectionReason.USER_LIMIT));
			assertThat(status(confirmed)).isEqualTo(cached(confirmed, BookingStatus.CONFIRMED, null));
			assertThat(this.gate.snapshot(eventId).leases()).isEmpty();
			assertThat(this.gate.available(eventId)).hasValue(5 - 3);
		});
		assertThat(seatsSold(eventId)).isEqualTo(3);
	}

	private BookingRequested reserved(BookingRequested request) {
		assertThat(this.gate.reserve(request.eventId(), request.bookingId(), request.quantity()).result())
			.isEqualTo(ReserveResult.RESERVED);
		return request;
	}

	private CachedBooking status(BookingRequested request) {
		return this.statusCache.get(request.bookingId()).orElse(null);
	}

	private static CachedBooking cached(BookingRequested request, BookingStatus status, RejectionReason reason) {
		return new CachedBooking(request.bookingId(), request.eventId(), request.userId(), request.quantity(), status,
				reason, null);
	}

}
