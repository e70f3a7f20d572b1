package io.minitickets.api.booking;

import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import org.apache.kafka.clients.producer.Partitioner;
import org.apache.kafka.common.Cluster;
import org.apache.kafka.common.utils.Utils;

/**
 * A partitioner that partitions by key like Kafka's default, or throws a given exception once from inside
 * {@code KafkaProducer.send}: how a send fails before the record is appended (for example "producer closed", an
 * {@link IllegalStateException} that is no Kafka exception).
 */
public class FailingPartitioner implements Partitioner {

	private static final AtomicReference<RuntimeException> nextFailure = new AtomicReference<>();

	/**
	 * @param failure thrown by the next send
	 */
	static void failNextSend(RuntimeException failure) {
		nextFailure.set(failure);
	}

	@Override
	public int partition(String topic, Object key, byte[] keyBytes, Object value, byte[] valueBytes, Cluster cluster) {
		RuntimeException failure = nextFailure.getAndSet(null);
		if (failure != null) {
			throw failure;
		}
		return Utils.toPositive(Utils.murmur2(keyBytes)) % cluster.partitionsForTopic(topic).size();
	}

	@Override
	public void close() {
	}

	@Override
	public void configure(Map<String, ?> configs) {
	}

}
