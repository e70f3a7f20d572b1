package io.minitickets.api.settlement;

import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

import io.minitickets.core.messaging.BookingStatus;
import io.minitickets.core.messaging.BookingTopics;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.kafka.core.ConsumerFactory;
import org.springframework.stereotype.Component;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Every status change the worker side announces on {@code bookings.settled}, as it arrives, on this instance: one
 * consumer thread, every partition assigned by hand and read from the end at start, no consumer group and nothing
 * committed (each instance reads every settlement; a restarted instance has no waiters from before). Subscribers are
 * called on that thread and must not block. A record that does not read as a settlement is skipped.
 * <p>
 * Partitions are looked up once, at start (and again while the broker cannot answer); a partition added later is read
 * after a restart.
 */
@Component
public class SettlementFeed implements SmartLifecycle {

	private static final Logger logger = LoggerFactory.getLogger(SettlementFeed.class);

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static final Duration POLL = Duration.ofMillis(500);

	private static final Duration RETRY = Duration.ofSeconds(1);

	private final ConsumerFactory<?, ?> consumers;

	private final List<Consumer<SettledChange>> subscribers = new CopyOnWriteArrayList<>();

	private volatile @Nullable KafkaConsumer<String, String> consumer;

	private volatile @Nullable Thread thread;

	SettlementFeed(ConsumerFactory<?, ?> consumers) {
		this.consumers = consumers;
	}

	/**
	 * @param subscriber called with each change, on the feed's thread; must not block
	 */
	public void subscribe(Consumer<SettledChange> subscriber) {
		this.subscribers.add(subscriber);
	}

	@Override
	@SuppressWarnings("unchecked")
	public void start() {
		Properties overrides = new Properties();
		overrides.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
		overrides.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
		overrides.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
		KafkaConsumer<String, String> created = (KafkaConsumer<String, String>) this.consumers.createConsumer(null,
				"api-settlements-", UUID.randomUUID().toString().substring(0, 8), overrides);
		this.consumer = created;
		Thread started = Thread.ofPlatform().name("settlement-feed").daemon().start(() -> run(created));
		this.thread = started;
	}

	private void run(KafkaConsumer<String, String> feed) {
		try (feed) {
			while (!Thread.currentThread().isInterrupted()) {
				if (feed.assignment().isEmpty() && !assign(feed)) {
					Thread.sleep(RETRY.toMillis());
					continue;
				}
				for (ConsumerRecord<String, String> record : feed.poll(POLL)) {
					SettledChange change = read(record);
					if (change != null) {
						this.subscribers.forEach((subscriber) -> subscriber.accept(change));
					}
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

	private boolean assign(KafkaConsumer<String, String> feed) {
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

	private static @Nullable SettledChange read(ConsumerRecord<String, String> record) {
		try {
			JsonNode value = JSON.readTree(record.value());
			return new SettledChange(UUID.fromString(value.path("bookingId").asString()),
					BookingStatus.valueOf(value.path("status").asString()));
		}
		catch (JacksonException | IllegalArgumentException | NullPointerException ex) {
			logger.debug("Skipped {}-{}@{}: not a settlement ({})", record.topic(), record.partition(),
					record.offset(), ex.toString());
			return null;
		}
	}

	@Override
	public void stop() {
		KafkaConsumer<String, String> running = this.consumer;
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
