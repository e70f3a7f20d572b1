package io.minitickets.localstack.kafka;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.minitickets.localstack.stack.ManagedProcess;
import io.minitickets.localstack.stack.ProcessLauncher;
import io.minitickets.localstack.stack.ProcessStopper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Starts the real broker process from this module's classpath, as {@code up} does, and uses it.
 */
class KafkaBrokerProcessIntegrationTests {

	private static final String TOPIC = "local-stack-test";

	@TempDir
	Path state;

	@Test
	@Timeout(value = 4, unit = TimeUnit.MINUTES)
	void startsABrokerThatStoresAndServesARecordAndStopsOnSigterm() throws Exception {
		ManagedProcess broker = new KafkaBroker(new ProcessLauncher(this.state), ProcessLauncher.classpath())
			.start(this.state.resolve("kafka"), this.state.resolve("logs/kafka.log"));
		try {
			String bootstrapServers = String.valueOf(broker.url());
			assertThat(bootstrapServers).startsWith("127.0.0.1:");
			createTopic(bootstrapServers);

			RecordMetadata sent = produce(bootstrapServers, "event-1", "hello");

			assertThat(sent.topic()).isEqualTo(TOPIC);
			assertThat(consumeOne(bootstrapServers)).satisfies((record) -> {
				assertThat(record.key()).isEqualTo("event-1");
				assertThat(record.value()).isEqualTo("hello");
			});
		}
		finally {
			assertThat(ProcessStopper.stop(broker, Duration.ofSeconds(30))).isTrue();
		}
		assertThat(broker.running()).isFalse();
	}

	private static void createTopic(String bootstrapServers) throws Exception {
		try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers))) {
			admin.createTopics(List.of(new NewTopic(TOPIC, KafkaBroker.PARTITIONS, (short) 1)))
				.all()
				.get(30, TimeUnit.SECONDS);
			// createTopics completes when the controller committed the topic; the broker's own
			// metadata cache, which listTopics reads, catches up a moment later.
			await().atMost(Duration.ofSeconds(30))
				.untilAsserted(() -> assertThat(admin.listTopics().names().get(30, TimeUnit.SECONDS)).contains(TOPIC));
		}
	}

	private static RecordMetadata produce(String bootstrapServers, String key, String value) throws Exception {
		try (KafkaProducer<String, String> producer = new KafkaProducer<>(
				Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers, ProducerConfig.ACKS_CONFIG, "all",
						ProducerConfig.MAX_BLOCK_MS_CONFIG, 30_000),
				new StringSerializer(), new StringSerializer())) {
			return producer.send(new ProducerRecord<>(TOPIC, key, value)).get(30, TimeUnit.SECONDS);
		}
	}

	private static ConsumerRecord<String, String> consumeOne(String bootstrapServers) {
		List<ConsumerRecord<String, String>> received = new ArrayList<>();
		try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(
				Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers, ConsumerConfig.GROUP_ID_CONFIG,
						"local-stack-test-" + UUID.randomUUID(), ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest"),
				new StringDeserializer(), new StringDeserializer())) {
			consumer.subscribe(Set.of(TOPIC));
			await().atMost(Duration.ofSeconds(60))
				.until(() -> {
					consumer.poll(Duration.ofMillis(500)).forEach(received::add);
					return !received.isEmpty();
				});
		}
		return received.get(0);
	}

}
