package io.minitickets.loadtests.bench.worker;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import tools.jackson.databind.json.JsonMapper;

import io.minitickets.core.messaging.BookingRequested;
import io.minitickets.core.messaging.BookingTopics;
import io.minitickets.localstack.stack.StackException;

/**
 * Pre-fills {@code bookings.requested} with one event's bookings and times the worker draining them.
 * <p>
 * The bookings are written in one Kafka transaction: the worker consumes read-committed, so it sees none of them until
 * the commit and then all of them at once, exactly as if the topic had been filled while it was stopped, but with its
 * JVM warm. The clock starts when the commit returns and stops when the last of the event's records arrives on
 * {@code bookings.settled}, which the worker publishes only after the Postgres commit and the Valkey settles.
 */
final class PreFilledDrain implements AutoCloseable {

	private static final Duration POLL = Duration.ofMillis(5);

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private final KafkaProducer<String, byte[]> producer;

	private final KafkaConsumer<String, byte[]> settled;

	/**
	 * @param bootstrapServers the broker the worker consumes from
	 */
	PreFilledDrain(String bootstrapServers) {
		this.producer = new KafkaProducer<>(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
				ProducerConfig.TRANSACTIONAL_ID_CONFIG, "bench-prefill-" + UUID.randomUUID(),
				ProducerConfig.LINGER_MS_CONFIG, 20, ProducerConfig.BATCH_SIZE_CONFIG, 256 * 1024),
				new StringSerializer(), new ByteArraySerializer());
		this.producer.initTransactions();
		this.settled = new KafkaConsumer<>(Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
				ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false), new StringDeserializer(),
				new ByteArrayDeserializer());
		this.settled.assign(this.settled.partitionsFor(BookingTopics.SETTLED)
			.stream()
			.map((partition) -> new TopicPartition(partition.topic(), partition.partition()))
			.toList());
	}

	/**
	 * Writes an event's bookings (1 seat each, distinct users) in one transaction and waits until the worker settled
	 * every one.
	 * @param eventId the event
	 * @param bookings how many
	 * @param timeout the longest the worker may take
	 * @return the time from the transaction's commit to the last booking's {@code bookings.settled} record
	 * @throws StackException when the worker did not settle them all in time
	 */
	Duration drain(long eventId, int bookings, Duration timeout) {
		this.settled.seekToEnd(this.settled.assignment());
		this.settled.assignment().forEach(this.settled::position);
		String key = Long.toString(eventId);
		Instant requestedAt = Instant.now();
		this.producer.beginTransaction();
		for (int i = 0; i < bookings; i++) {
			BookingRequested request = BookingRequested.of(UUID.randomUUID(), eventId, i + 1, 1, requestedAt, false);
			this.producer.send(new ProducerRecord<>(BookingTopics.REQUESTED, key, JSON.writeValueAsBytes(request)));
		}
		this.producer.commitTransaction();
		long start = System.nanoTime();
		long deadline = start + timeout.toNanos();
		int seen = 0;
		while (seen < bookings) {
			if (System.nanoTime() > deadline) {
				throw new StackException("The worker settled " + seen + " of " + bookings + " bookings of event "
						+ eventId + " in " + timeout.toSeconds() + " s");
			}
			for (ConsumerRecord<String, byte[]> record : this.settled.poll(POLL)) {
				if (key.equals(record.key())) {
					seen++;
				}
			}
		}
		return Duration.ofNanos(System.nanoTime() - start);
	}

	@Override
	public void close() {
		this.producer.close();
		this.settled.close();
	}

}
