package io.minitickets.ops.replay;

import java.util.ArrayList;
import java.util.List;

import io.minitickets.core.messaging.BookingRequested;
import io.minitickets.core.messaging.BookingTopics;
import io.minitickets.ops.OpsIntegrationTestSupport;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Replaying an offset range of {@code bookings.requested} that mixes final and unsettled bookings (here: Postgres
 * restored from a backup taken before half of them settled) settles only the unsettled ones, and leaves the final
 * ones as they were.
 */
class ReplayOfAMixedRangeIntegrationTests extends OpsIntegrationTestSupport {

	@Test
	void aRangeMixingFinalAndUnsettledBookingsSettlesOnlyTheUnsettledOnes() {
		long eventId = createEvent(10);
		List<BookingRequested> requests = new ArrayList<>();
		for (int i = 0; i < 6; i++) {
			requests.add(request(eventId, 1, false));
		}
		List<RecordMetadata> written = publish(requests);
		awaitBookings(eventId, 6);
		List<BookingRequested> lost = requests.subList(3, 6);
		for (BookingRequested booking : lost) {
			this.jdbc.update("delete from bookings where id = ?", booking.bookingId());
		}
		this.jdbc.update("update events set seats_sold = seats_sold - 3 where id = ?", eventId);
		var kept = bookingRows(eventId);
		int partition = written.get(0).partition();
		long from = written.stream().mapToLong(RecordMetadata::offset).min().orElseThrow();
		long to = written.stream().mapToLong(RecordMetadata::offset).max().orElseThrow();

		Run run = ops("replay", "--topic", BookingTopics.REQUESTED, "--partition", Integer.toString(partition),
				"--from-offset", Long.toString(from), "--to-offset", Long.toString(to), "--event",
				Long.toString(eventId), "--execute");

		assertThat(run.exit()).as(run.toString()).isZero();
		assertThat(run.out()).contains("read", "3 of 6 booking ids are CONFIRMED or REJECTED", "published 6",
				"3 CONFIRMED now", "3 were final already", "0 not settled");
		assertThat(bookingCount(eventId)).isEqualTo(6);
		assertThat(seatsSold(eventId)).isEqualTo(6);
		assertThat(bookingRows(eventId)).containsAllEntriesOf(kept);
	}

}
