package io.minitickets.core.testing;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

import static org.awaitility.Awaitility.await;

/**
 * What the services' integration tests read back from a real broker: a topic's records from the beginning to its
 * end, its end offsets, whether a consumer group has committed all of it, and a send's acknowledgement.
 */
public final class TopicReading {

	private TopicReading() {
	}

	/**
	 * Reads every record of a topic from the beginning to its end as of the call.
	 * @param bootstrapServers the broker, {@code host:port,...}
	 * @param topic the topic
	 * @param timeout the longest the read may take
	 * @return its records, keys as strings, values as bytes
	 * @throws org.awaitility.core.ConditionTimeoutException when the end is not reached in time
	 */
	public static List<ConsumerRecord<String, byte[]>> readAll(String bootstrapServers, String topic,
			Duration timeout) {
		Map<String, Object> properties = Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
				ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
		try (KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(properties, new StringDeserializer(),
				new ByteArrayDeserializer())) {
			List<TopicPartition> partitions = consumer.partitionsFor(topic, timeout)
				.stream()
				.map((partition) -> new TopicPartition(topic, partition.partition()))
				.toList();
			consumer.assign(partitions);
			consumer.seekToBeginning(partitions);
			Map<TopicPartition, Long> ends = consumer.endOffsets(partitions, timeout);
			List<ConsumerRecord<String, byte[]>> records = new ArrayList<>();
			await().atMost(timeout).pollInSameThread().until(() -> {
				consumer.poll(Duration.ofMillis(100)).forEach(records::add);
				return partitions.stream().allMatch((tp) -> consumer.position(tp) >= ends.get(tp));
			});
			return records;
		}
	}

	/**
	 * @param admin an admin client of the broker
	 * @param topic a topic
	 * @return its log end offset per partition, or an empty map when the topic does not exist
	 * @throws IllegalStateException when the broker does not answer
	 */
	public static Map<TopicPartition, Long> endOffsets(Admin admin, String topic) {
		try {
			if (!admin.listTopics().names().get().contains(topic)) {
				return Map.of();
			}
			List<TopicPartition> partitions = admin.describeTopics(List.of(topic))
				.allTopicNames()
				.get()
				.get(topic)
				.partitions()
				.stream()
				.map((partition) -> new TopicPartition(topic, partition.partition()))
				.toList();
			return admin
				.listOffsets(partitions.stream().collect(Collectors.toMap((tp) -> tp, (tp) -> OffsetSpec.latest())))
				.all()
				.get()
				.entrySet()
				.stream()
				.collect(Collectors.toMap(Map.Entry::getKey, (entry) -> entry.getValue().offset()));
		}
		catch (Exception ex) {
			throw new IllegalStateException("cannot read the end offsets of " + topic, ex);
		}
	}

	/**
	 * Waits until a consumer group has committed every record of a topic as of each check.
	 * @param admin an admin client of the broker
	 * @param group the consumer group
	 * @param topic the topic
	 * @param timeout the longest it may take
	 * @throws org.awaitility.core.ConditionTimeoutException when the group does not catch up in time
	 */
	public static void awaitConsumedToTheEnd(Admin admin, String group, String topic, Duration timeout) {
		await().atMost(timeout).until(() -> {
			Map<TopicPartition, OffsetAndMetadata> committed = admin.listConsumerGroupOffsets(group)
				.partitionsToOffsetAndMetadata()
				.get();
			return endOffsets(admin, topic).entrySet().stream().allMatch((end) -> end.getValue() == 0
					|| (committed.get(end.getKey()) != null && committed.get(end.getKey()).offset() >= end.getValue()));
		});
	}

	/**
	 * Waits for a send's acknowledgement.
	 * @param <T> the send's result
	 * @param send the send
	 * @param timeout the longest it may take
	 * @return its result
	 * @throws IllegalStateException when the broker did not acknowledge it in time
	 */
	public static <T> T acknowledged(CompletableFuture<T> send, Duration timeout) {
		try {
			return send.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted while waiting for an acknowledgement", ex);
		}
		catch (Exception ex) {
			throw new IllegalStateException("send was not acknowledged", ex);
		}
	}

}
