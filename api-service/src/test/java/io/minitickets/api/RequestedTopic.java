package io.minitickets.api;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.minitickets.core.messaging.BookingTopics;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads {@code bookings.requested} back from the broker, to check what the API published.
 */
public final class RequestedTopic {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private RequestedTopic() {
	}

	/**
	 * Waits for the record of one booking.
	 * @param brokers bootstrap servers
	 * @param bookingId the booking
	 * @return the record's key and JSON value
	 * @throws AssertionError when it does not appear within 60 s (a new consumer group joins first)
	 */
	public static Map.Entry<String, JsonNode> find(String brokers, UUID bookingId) {
		ConsumerRecord<String, String> record = record(brokers, bookingId);
		return Map.entry(record.key(), JSON.readTree(record.value()));
	}

	/**
	 * Waits for the record of one booking.
	 * @param brokers bootstrap servers
	 * @param bookingId the booking
	 * @return the record as written, with its headers
	 * @throws AssertionError when it does not appear within 60 s (a new consumer group joins first)
	 */
	public static ConsumerRecord<String, String> record(String brokers, UUID bookingId) {
		Map<String, Object> props = Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, brokers,
				ConsumerConfig.GROUP_ID_CONFIG, "test-" + UUID.randomUUID(), ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
				"earliest", ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class,
				ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
		try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(props)) {
			consumer.subscribe(List.of(BookingTopics.REQUESTED));
			Instant deadline = Instant.now().plusSeconds(60);
			while (Instant.now().isBefore(deadline)) {
				for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(200))) {
					JsonNode value = JSON.readTree(record.value());
					if (bookingId.toString().equals(value.path("bookingId").asString())) {
						return record;
					}
				}
			}
		}
		throw new AssertionError("booking " + bookingId + " never appeared on " + BookingTopics.REQUESTED);
	}

}
