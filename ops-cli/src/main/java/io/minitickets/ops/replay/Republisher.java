package io.minitickets.ops.replay;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

import io.minitickets.core.messaging.BookingTopics;
import io.minitickets.core.messaging.ReplayHeaders;
import io.minitickets.ops.replay.ReplayPlan.Action;
import io.minitickets.ops.replay.ReplayPlan.Planned;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeaders;

/**
 * Publishes planned records: to {@code bookings.requested} (with the original key, so the same partition as the
 * API's record) or, for records replayed too often, to {@code bookings.requested-parked}. The copy keeps the key, value
 * and the original's headers; the dead-letter headers are stripped and the {@link ReplayHeaders} written.
 */
final class Republisher {

	private static final Duration SEND_TIMEOUT = Duration.ofSeconds(60);

	private final Producer<byte[], byte[]> producer;

	private final double ratePerSecond;

	private final PrintWriter progress;

	/**
	 * @param producer an idempotent producer with acks=all
	 * @param ratePerSecond the most records sent per second
	 * @param progress where a line goes every 5 s of a long run
	 */
	Republisher(Producer<byte[], byte[]> producer, double ratePerSecond, PrintWriter progress) {
		this.producer = producer;
		this.ratePerSecond = ratePerSecond;
		this.progress = progress;
	}

	/**
	 * Sends the records, paced to the rate, and waits for every acknowledgement.
	 * @param records the records to publish or park, in order
	 * @param done called with each record once the broker acknowledged it, in order
	 * @return per partition of {@code bookings.requested}, one past the highest offset published
	 * @throws IllegalStateException when a send fails or is not acknowledged within 60 s; the records acknowledged
	 * before were passed to {@code done}
	 */
	Map<TopicPartition, Long> publish(List<Planned> records, Consumer<Planned> done) {
		long interval = (long) (TimeUnit.SECONDS.toNanos(1) / this.ratePerSecond);
		long start = System.nanoTime();
		long lastProgress = start;
		List<Future<RecordMetadata>> sends = new ArrayList<>(records.size());
		for (int i = 0; i < records.size(); i++) {
			long due = start + i * interval;
			long wait = due - System.nanoTime();
			if (wait > 0) {
				LockSupport.parkNanos(wait);
			}
			sends.add(this.producer.send(copy(records.get(i))));
			if (System.nanoTime() - lastProgress > TimeUnit.SECONDS.toNanos(5)) {
				lastProgress = System.nanoTime();
				this.progress.printf("  … sent %d of %d%n", i + 1, records.size());
				this.progress.flush();
			}
		}
		this.producer.flush();
		Map<TopicPartition, Long> ends = new HashMap<>();
		for (int i = 0; i < sends.size(); i++) {
			RecordMetadata metadata = acknowledged(sends.get(i), records.get(i));
			if (metadata.topic().equals(BookingTopics.REQUESTED)) {
				ends.merge(new TopicPartition(metadata.topic(), metadata.partition()), metadata.offset() + 1, Math::max);
			}
			done.accept(records.get(i));
		}
		return ends;
	}

	static ProducerRecord<byte[], byte[]> copy(Planned planned) {
		SourceRecord source = planned.source();
		RecordHeaders headers = new RecordHeaders();
		for (Header header : source.record().headers()) {
			if (!isReplaced(header.key())) {
				headers.add(header);
			}
		}
		headers.add(ReplayHeaders.ORIGINAL_TOPIC, utf8(source.original().topic()));
		headers.add(ReplayHeaders.ORIGINAL_PARTITION, utf8(Integer.toString(source.original().partition())));
		headers.add(ReplayHeaders.ORIGINAL_OFFSET, utf8(Long.toString(source.original().offset())));
		headers.add(ReplayHeaders.REPLAY_COUNT, utf8(Integer.toString(planned.replayCount())));
		String topic = (planned.action() == Action.PARK) ? BookingTopics.REQUESTED_PARKED : BookingTopics.REQUESTED;
		return new ProducerRecord<>(topic, null, source.record().key(), source.record().value(), headers);
	}

	/** The dead-letter headers (spring-kafka's {@code kafka_dlt-…}), deserializer failures and our own. */
	private static boolean isReplaced(String name) {
		return name.startsWith("kafka_dlt-") || name.startsWith("springDeserializerException")
				|| name.equals(ReplayHeaders.ORIGINAL_TOPIC) || name.equals(ReplayHeaders.ORIGINAL_PARTITION)
				|| name.equals(ReplayHeaders.ORIGINAL_OFFSET) || name.equals(ReplayHeaders.REPLAY_COUNT);
	}

	private static RecordMetadata acknowledged(Future<RecordMetadata> send, Planned planned) {
		try {
			return send.get(SEND_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (ExecutionException ex) {
			throw new IllegalStateException("Kafka refused the copy of " + planned.source().position() + ": "
					+ ex.getCause(), ex);
		}
		catch (TimeoutException ex) {
			throw new IllegalStateException("Kafka did not acknowledge the copy of " + planned.source().position()
					+ " within " + SEND_TIMEOUT, ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted", ex);
		}
	}

	private static byte[] utf8(String text) {
		return text.getBytes(StandardCharsets.UTF_8);
	}

}
