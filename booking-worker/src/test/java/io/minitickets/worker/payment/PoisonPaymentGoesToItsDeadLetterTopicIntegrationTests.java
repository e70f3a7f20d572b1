package io.minitickets.worker.payment;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.minitickets.core.messaging.BookingTopics;
import io.minitickets.core.messaging.PaymentReceived;
import io.minitickets.worker.WorkerIntegrationTestSupport;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;

import org.springframework.kafka.core.KafkaTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A record of {@code payments.received} that cannot be read goes to {@code payments.received-dlt} once (not to the
 * booking requests' dead-letter topic), and the payment after it on the same partition is applied: the partition keeps
 * flowing.
 */
class PoisonPaymentGoesToItsDeadLetterTopicIntegrationTests extends WorkerIntegrationTestSupport {

	@Test
	void deadLettersAnUnreadablePaymentAndAppliesTheNextOne() {
		Long eventId = this.jdbc.queryForObject("""
				insert into events (name, capacity, sale_opens_at, price, currency, seats_sold)
				values ('poison payments', 5, now(), 2500, 'EUR', 1) returning id""", Long.class);
		String key = Long.toString(eventId);
		UUID bookingId = UUID.randomUUID();
		this.jdbc.update("""
				insert into bookings (id, event_id, user_id, quantity, status, gated, requested_at, hold_expires_at,
				                      amount, currency)
				values (?, ?, 7, 1, 'HELD', false, now(), now() + interval '10 minutes', 2500, 'EUR')""", bookingId,
				eventId);
		byte[] garbage = "not a payment {".getBytes(StandardCharsets.UTF_8);

		KafkaTemplate<Object, Object> raw = new KafkaTemplate<>(this.kafka.getProducerFactory(),
				Map.of(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class));
		try {
			acknowledged(raw.send(BookingTopics.PAYMENTS_RECEIVED, key, garbage));
		}
		finally {
			raw.destroy();
		}
		String unique = UUID.randomUUID().toString();
		acknowledged(this.kafka.send(BookingTopics.PAYMENTS_RECEIVED, key, new PaymentReceived("evt_" + unique,
				bookingId, eventId, true, "pi_" + unique, 2500, "EUR", Instant.now())));

		await().atMost(TIMEOUT)
			.untilAsserted(() -> assertThat(this.jdbc.queryForObject("select status from bookings where id = ?",
					String.class, bookingId)).isEqualTo("CONFIRMED"));
		List<ConsumerRecord<String, byte[]>> deadLetters = readAll(BookingTopics.PAYMENTS_RECEIVED_DLT).stream()
			.filter((record) -> key.equals(record.key()))
			.toList();
		assertThat(deadLetters).hasSize(1);
		assertThat(deadLetters.getFirst().value()).isEqualTo(garbage);
		assertThat(readAll(BookingTopics.REQUESTED_DLT)).noneMatch((record) -> key.equals(record.key()));
	}

}
