package io.minitickets.worker.deadletter;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import io.micrometer.core.instrument.MeterRegistry;
import io.minitickets.core.messaging.BookingRequested;
import io.minitickets.core.messaging.BookingTopics;
import io.minitickets.worker.WorkerIntegrationTestSupport;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.support.KafkaHeaders;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A record that can never be settled (not JSON, or an invalid request) goes to {@code bookings.requested-dlt} once, on
 * its own partition with its headers, and the good records before and after it are settled: the partition keeps
 * flowing.
 */
class PoisonRecordGoesToDeadLetterTopicIntegrationTests extends WorkerIntegrationTestSupport {

	@Autowired
	private MeterRegistry meters;

	@Test
	void deadLettersGarbageAndInvalidRecordsOnceAndSettlesTheGoodOnesAroundThem() {
		long eventId = createEvent(10, null);
		String key = Long.toString(eventId);
		byte[] garbage = "this is not JSON {".getBytes(StandardCharsets.UTF_8);
		BookingRequested invalid = request(eventId, 2, 0, false);
		double deadLettersBefore = deadLetters();

		send(request(eventId, 1, 1, false));
		RecordMetadata unreadable = sendRaw(key, garbage);
		send(request(eventId, 3, 1, false));
		RecordMetadata invalidRecord = send(invalid);
		send(request(eventId, 4, 1, false));

		awaitBookings(eventId, 3);
		awaitAllConsumed();
		assertThat(outcomes(eventId).values()).containsOnly("CONFIRMED");

		List<ConsumerRecord<String, byte[]>> deadLetters = readAll(BookingTopics.REQUESTED_DLT).stream()
			.filter((record) -> key.equals(record.key()))
			.toList();
		assertThat(deadLetters).hasSize(2);
		ConsumerRecord<String, byte[]> first = deadLetters.get(0);
		assertThat(first.value()).isEqualTo(garbage);
		assertOriginalPosition(first, unreadable);
		ConsumerRecord<String, byte[]> second = deadLetters.get(1);
		assertThat(JsonMapper.builder().build().readValue(second.value(), BookingRequested.class)).isEqualTo(invalid);
		assertOriginalPosition(second, invalidRecord);
		assertThat(header(second, KafkaHeaders.DLT_EXCEPTION_MESSAGE)).contains("Invalid booking request");
		assertThat(deadLetters() - deadLettersBefore).isEqualTo(2);
	}

	private RecordMetadata send(BookingRequested request) {
		return acknowledged(this.kafka.send(BookingTopics.REQUESTED, Long.toString(request.eventId()), request))
			.getRecordMetadata();
	}

	private RecordMetadata sendRaw(String key, byte[] value) {
		KafkaTemplate<Object, Object> raw = new KafkaTemplate<>(this.kafka.getProducerFactory(),
				Map.of(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class));
		try {
			return acknowledged(raw.send(BookingTopics.REQUESTED, key, value)).getRecordMetadata();
		}
		finally {
			raw.destroy();
		}
	}

	private static void assertOriginalPosition(ConsumerRecord<String, byte[]> deadLetter, RecordMetadata original) {
		assertThat(deadLetter.partition()).isEqualTo(original.partition());
		assertThat(header(deadLetter, KafkaHeaders.DLT_ORIGINAL_TOPIC)).isEqualTo(BookingTopics.REQUESTED);
		assertThat(deadLetter.headers().lastHeader(KafkaHeaders.DLT_ORIGINAL_OFFSET).value())
			.isEqualTo(ByteBuffer.allocate(Long.BYTES).putLong(original.offset()).array());
	}

	private static String header(ConsumerRecord<String, byte[]> record, String name) {
		return new String(record.headers().lastHeader(name).value(), StandardCharsets.UTF_8);
	}

	private double deadLetters() {
		return this.meters.counter("minitickets.worker.dead.letters").count();
	}

}
