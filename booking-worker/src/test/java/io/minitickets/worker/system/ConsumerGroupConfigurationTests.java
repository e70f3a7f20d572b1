package io.minitickets.worker.system;

import java.time.Duration;
import java.util.Map;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.core.DefaultKafkaConsumerFactory;

import static org.assertj.core.api.Assertions.assertThat;

class ConsumerGroupConfigurationTests {

	@Test
	void theWorkersConsumersGetTheConfiguredSessionTimeoutAndHeartbeatInterval() {
		DefaultKafkaConsumerFactory<String, String> factory = new DefaultKafkaConsumerFactory<>(
				Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, "127.0.0.1:9092"));

		new ConsumerGroupConfiguration()
			.consumerGroupTimeouts(new ConsumerGroupProperties(Duration.ofSeconds(9), Duration.ofSeconds(3)))
			.customize(factory);

		assertThat(factory.getConfigurationProperties()).containsEntry(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, 9000)
			.containsEntry(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, 3000);
	}

}
