package io.minitickets.api;

import java.util.List;
import java.util.Map;

import io.minitickets.core.messaging.BookingTopics;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * Commits the worker group's offset on partition 0 of {@code bookings.requested} as the worker does after a batch,
 * so that a test can move a PENDING booking's queue position without running a worker.
 */
public final class WorkerGroupOffsets implements AutoCloseable {

	/** The partition whose offset it commits: where a test's single event's records land first. */
	public static final TopicPartition PARTITION = new TopicPartition(BookingTopics.REQUESTED, 0);

	private final KafkaConsumer<String, String> consumer;

	/**
	 * Joins as the worker group, assigned (not subscribed) to {@link #PARTITION}, so no rebalance is involved.
	 * @param brokers bootstrap servers
	 */
	public WorkerGroupOffsets(String brokers) {
		this.consumer = new KafkaConsumer<>(Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, brokers,
				ConsumerConfig.GROUP_ID_CONFIG, BookingTopics.WORKER_GROUP, ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
				StringDeserializer.class, ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class));
		this.consumer.assign(List.of(PARTITION));
	}

	/**
	 * Commits the group's offset: the next record the worker would settle.
	 * @param offset the offset (it may move back: an operator's reset does)
	 */
	public void commit(long offset) {
		this.consumer.commitSync(Map.of(PARTITION, new OffsetAndMetadata(offset)));
	}

	@Override
	public void close() {
		this.consumer.close();
	}

}
