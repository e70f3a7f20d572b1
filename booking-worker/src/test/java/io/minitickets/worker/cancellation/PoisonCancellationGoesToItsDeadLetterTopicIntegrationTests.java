package io.minitickets.worker.cancellation;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import io.minitickets.core.messaging.BookingTopics;
import io.minitickets.core.messaging.CancellationRequested;
import io.minitickets.worker.WorkerIntegrationTestSupport;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A record of {@code cancellations.requested} that names a booking not of its user goes to
 * {@code cancellations.requested-dlt} once, changes nothing, and the cancellation after it on the same partition is
 * applied: the partition keeps flowing.
 */
class PoisonCancellationGoesToItsDeadLetterTopicIntegrationTests extends WorkerIntegrationTestSupport {

	@Test
	void deadLettersACancellationOfAnotherUsersBookingAndAppliesTheNextOne() {
		Long eventId = this.jdbc.queryForObject("""
				insert into events (name, capacity, sale_opens_at, seats_sold)
				values ('poison cancellations', 5, now(), 2) returning id""", Long.class);
		String key = Long.toString(eventId);
		UUID bookingId = UUID.randomUUID();
		this.jdbc.update("""
				insert into bookings (id, event_id, user_id, quantity, status, gated, requested_at)
				values (?, ?, 7, 2, 'CONFIRMED', false, now())""", bookingId, eventId);

		acknowledged(this.kafka.send(BookingTopics.CANCELLATIONS_REQUESTED, key,
				new CancellationRequested(bookingId, eventId, 8, Instant.now())));
		acknowledged(this.kafka.send(BookingTopics.CANCELLATIONS_REQUESTED, key,
				new CancellationRequested(bookingId, eventId, 7, Instant.now())));

		await().atMost(TIMEOUT)
			.untilAsserted(() -> assertThat(this.jdbc.queryForObject("select status from bookings where id = ?",
					String.class, bookingId)).isEqualTo("CANCELLED"));
		assertThat(seatsSold(eventId)).isZero();
		List<ConsumerRecord<String, byte[]>> deadLetters = readAll(BookingTopics.CANCELLATIONS_REQUESTED_DLT).stream()
			.filter((record) -> key.equals(record.key()))
			.toList();
		assertThat(deadLetters).hasSize(1);
		assertThat(readAll(BookingTopics.REQUESTED_DLT)).noneMatch((record) -> key.equals(record.key()));
	}

}
