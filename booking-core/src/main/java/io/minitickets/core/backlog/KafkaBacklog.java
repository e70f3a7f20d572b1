package io.minitickets.core.backlog;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;

import io.minitickets.core.messaging.BookingTopics;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.jspecify.annotations.Nullable;

/**
 * Reads the booking pipeline's backlog from the broker's admin API: the worker group's lag per partition of
 * {@code bookings.requested} and how many records a topic holds (the dead-letter and parked counts). Every call waits
 * at most the timeout given at construction for each admin request.
 */
public final class KafkaBacklog {

	private final Admin admin;

	private final Duration timeout;

	/**
	 * @param admin the broker's admin client; the caller owns it and closes it
	 * @param timeout the longest wait for each admin request
	 */
	public KafkaBacklog(Admin admin, Duration timeout) {
		this.admin = admin;
		this.timeout = timeout;
	}

	/**
	 * The worker group's ({@value BookingTopics#WORKER_GROUP}) position on {@value BookingTopics#REQUESTED}, per
	 * partition.
	 * @return the partitions in order
	 * @throws IllegalStateException when the broker cannot be asked or does not answer in time
	 */
	public List<PartitionLag> lag() {
		return lag(BookingTopics.WORKER_GROUP, BookingTopics.REQUESTED);
	}

	/**
	 * A consumer group's position on a topic, per partition.
	 * @param group the consumer group, for example {@value BookingTopics#PAYMENTS_GROUP}
	 * @param topic the topic it consumes
	 * @return the partitions in order
	 * @throws IllegalStateException when the broker cannot be asked, does not answer in time, or has no such topic
	 */
	public List<PartitionLag> lag(String group, String topic) {
		try {
			Map<TopicPartition, Long> ends = ends(topic);
			Map<TopicPartition, OffsetAndMetadata> committed = await(
					this.admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata());
			return ends.entrySet()
				.stream()
				.sorted(Map.Entry.comparingByKey((a, b) -> Integer.compare(a.partition(), b.partition())))
				.map((end) -> {
					OffsetAndMetadata offset = committed.get(end.getKey());
					return new PartitionLag(end.getKey().partition(), end.getValue(),
							(offset != null) ? offset.offset() : null);
				})
				.toList();
		}
		catch (ExecutionException | TimeoutException ex) {
			throw new IllegalStateException("Kafka could not tell the offsets of group " + group + ": " + cause(ex), ex);
		}
	}

	/**
	 * How many records a topic holds now.
	 * @param topic the topic
	 * @return log end − log start, summed over its partitions; null when the topic does not exist
	 * @throws IllegalStateException when the broker cannot be asked or does not answer in time
	 */
	public @Nullable Long records(String topic) {
		try {
			Map<TopicPartition, Long> ends = ends(topic);
			Map<TopicPartition, Long> starts = offsets(ends, OffsetSpec.earliest());
			return ends.entrySet().stream().mapToLong((end) -> end.getValue() - starts.get(end.getKey())).sum();
		}
		catch (ExecutionException ex) {
			if (ex.getCause() instanceof UnknownTopicOrPartitionException) {
				return null;
			}
			throw new IllegalStateException("Kafka could not count " + topic + ": " + cause(ex), ex);
		}
		catch (TimeoutException ex) {
			throw new IllegalStateException("Kafka could not count " + topic + ": " + cause(ex), ex);
		}
	}

	private Map<TopicPartition, Long> ends(String topic) throws ExecutionException, TimeoutException {
		Map<TopicPartition, Long> partitions = await(this.admin.describeTopics(List.of(topic)).allTopicNames())
			.get(topic)
			.partitions()
			.stream()
			.collect(Collectors.toMap((info) -> new TopicPartition(topic, info.partition()), (info) -> 0L));
		return offsets(partitions, OffsetSpec.latest());
	}

	private Map<TopicPartition, Long> offsets(Map<TopicPartition, Long> partitions, OffsetSpec spec)
			throws ExecutionException, TimeoutException {
		return await(this.admin
			.listOffsets(partitions.keySet().stream().collect(Collectors.toMap((tp) -> tp, (tp) -> spec)))
			.all())
			.entrySet()
			.stream()
			.collect(Collectors.toMap(Map.Entry::getKey, (entry) -> entry.getValue().offset()));
	}

	private <T> T await(KafkaFuture<T> future) throws ExecutionException, TimeoutException {
		try {
			return future.get(this.timeout.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted", ex);
		}
	}

	private static Object cause(Exception ex) {
		return (ex instanceof ExecutionException && ex.getCause() != null) ? ex.getCause() : "no answer in time";
	}

}
