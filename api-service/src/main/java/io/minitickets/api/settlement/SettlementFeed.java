package io.minitickets.api.settlement;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

import io.minitickets.core.messaging.BookingTopics;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteBufferDeserializer;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.kafka.core.ConsumerFactory;
import org.springframework.stereotype.Component;

/**
 * Every status change the worker side announces on {@code bookings.settled}, as it arrives, on this instance: one
 * consumer thread, every partition assigned by hand and read from the end at start, no consumer group and nothing
 * committed (each instance reads every settlement; a restarted instance has no waiters from before). Subscribers are
 * called on that thread and must not block. A record that does not read as a settlement is skipped.
 * <p>
 * Every instance reads every settlement, so a record costs little until somebody waits for its booking: keys and
 * values are handed over as the fetched buffers (no copy, no string), only the value's booking id is read
 * ({@link SettledRecords#bookingId}), and the rest is parsed only when a subscriber {@link SettlementWaiters#waitsFor
 * waits for} that booking. Fetches wait up to {@link #FETCH_WAIT} for {@link #FETCH_MIN_BYTES}, so a steady flow of
 * settlements costs a few fetches a second rather than one per few records.
 * <p>
 * Partitions are looked up once, at start (and again while the broker cannot answer); a partition added later is read
 * after a restart.
 */
@Component
public class SettlementFeed implements SmartLifecycle {

	private static final Logger logger = LoggerFactory.getLogger(SettlementFeed.class);

	private static final Duration POLL = Duration.ofMillis(500);

	private static final Duration RETRY = Duration.ofSeconds(1);

	/**
	 * How long the broker may hold a fetch to gather {@link #FETCH_MIN_BYTES}: the most a waiting client's answer is
	 * delayed by, and the least time between two fetches while settlements flow (the consumer's default, 1 byte, made
	 * one fetch round trip per handful of records on every instance).
	 */
	static final Duration FETCH_WAIT = Duration.ofMillis(50);

	/** Bytes the broker gathers before it answers a fetch early (~250 settlements). */
	static final int FETCH_MIN_BYTES = 64 * 1024;

	private final ConsumerFactory<?, ?> consumers;

	private final List<SettlementWaiters> subscribers = new CopyOnWriteArrayList<>();

	private volatile @Nullable KafkaConsumer<ByteBuffer, ByteBuffer> consumer;

	private volatile @Nullable Thread thread;

	SettlementFeed(ConsumerFactory<?, ?> consumers) {
		this.consumers = consumers;
	}

	/**
	 * @param subscriber asked whether it waits for each announced booking, and given the changes of those it waits
	 * for, on the feed's thread
	 */
	public void subscribe(SettlementWaiters subscriber) {
		this.subscribers.add(subscriber);
	}

	@Override
	@SuppressWarnings("unchecked")
	public void start() {
		Properties overrides = new Properties();
		overrides.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
		overrides.put(ConsumerConfig.FETCH_MIN_BYTES_CONFIG, Integer.toString(FETCH_MIN_BYTES));
		overrides.put(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, Long.toString(FETCH_WAIT.toMillis()));
		overrides.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteBufferDeserializer.class.getName());
		overrides.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteBufferDeserializer.class.getName());
		KafkaConsumer<ByteBuffer, ByteBuffer> created = (KafkaConsumer<ByteBuffer, ByteBuffer>) this.consumers.createConsumer(null,
				"api-settlements-", UUID.randomUUID().toString().substring(0, 8), overrides);
		this.consumer = created;
		Thread started = Thread.ofPlatform().name("settlement-feed").daemon().start(() -> run(created));
		this.thread = started;
	}

	private void run(KafkaConsumer<ByteBuffer, ByteBuffer> feed) {
		try (feed) {
			while (!Thread.currentThread().isInterrupted()) {
				if (feed.assignment().isEmpty() && !assign(feed)) {
					Thread.sleep(RETRY.toMillis());
					continue;
				}
				for (ConsumerRecord<ByteBuffer, ByteBuffer> record : feed.poll(POLL)) {
					deliver(record);
				}
			}
		}
		catch (WakeupException ex) {
			// stopped
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		catch (RuntimeException ex) {
			logger.error("The settlement feed stopped: waiting clients get their answers at their timeouts", ex);
		}
	}

	private boolean assign(KafkaConsumer<ByteBuffer, ByteBuffer> feed) {
		try {
			List<PartitionInfo> partitions = feed.partitionsFor(BookingTopics.SETTLED, Duration.ofSeconds(5));
			if (partitions == null || partitions.isEmpty()) {
				return false;
			}
			List<TopicPartition> assigned = partitions.stream()
				.map((info) -> new TopicPartition(info.topic(), info.partition()))
				.toList();
			feed.assign(assigned);
			feed.seekToEnd(assigned);
			return true;
		}
		catch (WakeupException ex) {
			throw ex;
		}
		catch (KafkaException ex) {
			logger.debug("The settlement feed cannot find {} yet: {}", BookingTopics.SETTLED, ex.toString());
			return false;
		}
	}

	private void deliver(ConsumerRecord<ByteBuffer, ByteBuffer> record) {
		UUID bookingId = SettledRecords.bookingId(record.value());
		if (bookingId == null) {
			skipped(record);
			return;
		}
		SettledChange change = null;
		for (SettlementWaiters subscriber : this.subscribers) {
			if (!subscriber.waitsFor(bookingId)) {
				continue;
			}
			if (change == null) {
				change = SettledRecords.change(record.value());
				if (change == null) {
					skipped(record);
					return;
				}
			}
			subscriber.changed(change);
		}
	}

	private static void skipped(ConsumerRecord<?, ?> record) {
		logger.debug("Skipped {}-{}@{}: not a settlement", record.topic(), record.partition(), record.offset());
	}

	@Override
	public void stop() {
		KafkaConsumer<ByteBuffer, ByteBuffer> running = this.consumer;
		Thread started = this.thread;
		if (running == null || started == null) {
			return;
		}
		running.wakeup();
		try {
			started.join(Duration.ofSeconds(5));
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		this.consumer = null;
		this.thread = null;
	}

	@Override
	public boolean isRunning() {
		return this.thread != null;
	}

}
