package io.minitickets.ops.system;

import java.util.HashMap;
import java.util.Map;

import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * Kafka clients for the ops commands, all on the services' bootstrap servers. Values and keys stay bytes: a replay
 * copies records exactly as they were written.
 */
public final class KafkaClients {

	private final OpsSettings settings;

	/**
	 * @param settings where the broker is
	 */
	public KafkaClients(OpsSettings settings) {
		this.settings = settings;
	}

	/** @return an admin client; the caller closes it */
	public Admin admin() {
		Map<String, Object> config = common();
		config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) this.settings.connectTimeout().toMillis());
		config.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) this.settings.connectTimeout().toMillis());
		return Admin.create(config);
	}

	/**
	 * A consumer that belongs to no group (it is assigned partitions) and commits nothing: reading never moves the
	 * worker's offsets. Reads only committed records, as the worker does.
	 * @return the consumer; the caller closes it
	 */
	public KafkaConsumer<byte[], byte[]> reader() {
		Map<String, Object> config = common();
		config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
		config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
		config.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 2000);
		return new KafkaConsumer<>(config, new ByteArrayDeserializer(), new ByteArrayDeserializer());
	}

	/**
	 * A producer as the API's: every record acknowledged by all in-sync replicas, idempotent, in order.
	 * @return the producer; the caller closes it
	 */
	public KafkaProducer<byte[], byte[]> producer() {
		Map<String, Object> config = common();
		config.put(ProducerConfig.ACKS_CONFIG, "all");
		config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
		config.put(ProducerConfig.LINGER_MS_CONFIG, 5);
		config.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 30_000);
		config.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 15_000);
		return new KafkaProducer<>(config, new ByteArraySerializer(), new ByteArraySerializer());
	}

	private Map<String, Object> common() {
		Map<String, Object> config = new HashMap<>();
		config.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, this.settings.kafkaBootstrapServers());
		config.put(CommonClientConfigs.CLIENT_ID_CONFIG, "minitickets-ops");
		return config;
	}

}
