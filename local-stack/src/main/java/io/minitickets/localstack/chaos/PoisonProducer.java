package io.minitickets.localstack.chaos;

import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;

import io.minitickets.core.messaging.BookingTopics;
import io.minitickets.localstack.stack.StackException;

/**
 * Produces poison records, garbage bytes that are no {@code BookingRequested}, to {@code bookings.requested}, each
 * with a short-lived producer (acks=all, 15 s timeout), and counts them.
 */
public final class PoisonProducer {

	private static final long SEND_TIMEOUT_SECONDS = 15;

	private final String bootstrapServers;

	private final AtomicInteger sent = new AtomicInteger();

	/**
	 * @param bootstrapServers the run's broker
	 */
	public PoisonProducer(String bootstrapServers) {
		this.bootstrapServers = bootstrapServers;
	}

	/**
	 * Produces one record of 64 random bytes (not JSON: they start with 0xFF) keyed {@code poison}.
	 * @param random the run's seeded randomness
	 * @throws StackException when the broker does not take it within 15 s
	 */
	void send(Random random) {
		byte[] garbage = new byte[64];
		random.nextBytes(garbage);
		garbage[0] = (byte) 0xFF;
		Map<String, Object> config = Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, this.bootstrapServers,
				ProducerConfig.ACKS_CONFIG, "all", ProducerConfig.MAX_BLOCK_MS_CONFIG, 15_000,
				ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 15_000, ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000);
		try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(config, new ByteArraySerializer(),
				new ByteArraySerializer())) {
			producer.send(new ProducerRecord<>(BookingTopics.REQUESTED, "poison".getBytes(), garbage))
				.get(SEND_TIMEOUT_SECONDS, TimeUnit.SECONDS);
			this.sent.incrementAndGet();
		}
		catch (ExecutionException | TimeoutException ex) {
			throw new StackException("The poison record was not taken by the broker: " + ex, ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new StackException("Interrupted while producing a poison record", ex);
		}
	}

	/**
	 * @return how many poison records the broker took
	 */
	public int sent() {
		return this.sent.get();
	}

}
