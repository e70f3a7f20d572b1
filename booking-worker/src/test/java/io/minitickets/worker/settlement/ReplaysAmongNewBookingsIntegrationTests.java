package io.minitickets.worker.settlement;

import java.util.ArrayList;
import java.util.List;

import io.minitickets.core.messaging.BookingRequested;
import io.minitickets.core.messaging.BookingStatus;
import io.minitickets.worker.WorkerIntegrationTestSupport;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * A batch is first settled as if none of its bookings had been settled before; a replay among new bookings must still
 * keep its recorded outcome and take no seat (DESIGN.md invariants 1 and 3). Settled here straight through the
 * service, so that the replay and the new booking are certainly one batch.
 */
class ReplaysAmongNewBookingsIntegrationTests extends WorkerIntegrationTestSupport {

	@Autowired
	private SettlementService settlements;

	@Test
	void aReplayKeepsItsOutcomeAndLeavesItsSeatToTheNewBookingAfterIt() {
		long eventId = createEvent(2, null);
		BookingRequested first = request(eventId, 1, 1, false);
		BookingRequested second = request(eventId, 2, 1, false);
		settle(List.of(first));

		List<Settlement> settled = settle(List.of(first, second));

		assertThat(settled).extracting(Settlement::bookingId, Settlement::status, Settlement::replay)
			.containsExactly(tuple(first.bookingId(), BookingStatus.CONFIRMED, true),
					tuple(second.bookingId(), BookingStatus.CONFIRMED, false));
		assertThat(seatsSold(eventId)).isEqualTo(2);
		assertThat(bookingCount(eventId)).isEqualTo(2);
	}

	private List<Settlement> settle(List<BookingRequested> requests) {
		List<Settlement> committed = new ArrayList<>();
		this.settlements.settle(requests, committed::addAll);
		return committed;
	}

}
