package io.minitickets.api.booking;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import io.minitickets.core.messaging.BookingStatus;
import io.minitickets.core.messaging.BookingTopics;
import io.minitickets.core.status.BookingStatusCache;
import io.minitickets.core.status.CachedBooking;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Plays the worker for api-service's tests: settles a booking CONFIRMED as the worker does, in its order (Postgres
 * commit, status cache, the {@code bookings.settled} record), against the real Postgres, Valkey and broker.
 *
 * @param jdbc the test's Postgres
 * @param cache the status cache
 * @param brokers the broker's bootstrap servers
 */
record SettlingWorker(JdbcClient jdbc, BookingStatusCache cache, String brokers) {

	/**
	 * @param eventId the booking's event
	 * @param bookingId the booking, of one seat
	 * @param userId its owner
	 * @param cached false to lose the status cache's write, as a worker whose Valkey write failed
	 * @throws Exception when the broker does not acknowledge the record within 10 s
	 */
	void confirm(long eventId, UUID bookingId, long userId, boolean cached) throws Exception {
		Instant now = Instant.now();
		this.jdbc.sql("insert into bookings (id, event_id, user_id, quantity, status, gated, requested_at)"
				+ " values (?, ?, ?, 1, 'CONFIRMED', true, ?)")
			.params(bookingId, eventId, userId, Timestamp.from(now))
			.update();
		if (cached) {
			this.cache.put(new CachedBooking(bookingId, eventId, userId, 1, BookingStatus.CONFIRMED, null,
					null));
		}
		try (KafkaProducer<String, String> producer = new KafkaProducer<>(Map.of(
				ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, this.brokers, ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
				StringSerializer.class, ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class))) {
			producer.send(new ProducerRecord<>(BookingTopics.SETTLED, Long.toString(eventId), """
					{"bookingId":"%s","eventId":%d,"userId":%d,"quantity":1,"status":"CONFIRMED","reason":null,\
					"settledAt":"%s"}""".formatted(bookingId, eventId, userId, now))).get(10, TimeUnit.SECONDS);
		}
	}

}
