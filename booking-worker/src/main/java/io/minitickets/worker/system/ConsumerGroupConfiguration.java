package io.minitickets.worker.system;

import java.util.Map;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.springframework.boot.kafka.autoconfigure.DefaultKafkaConsumerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Gives the worker's consumers the session timeout and heartbeat interval of {@link ConsumerGroupProperties}.
 */
@Configuration(proxyBeanMethods = false)
class ConsumerGroupConfiguration {

	@Bean
	DefaultKafkaConsumerFactoryCustomizer consumerGroupTimeouts(ConsumerGroupProperties group) {
		return (factory) -> factory.updateConfigs(Map.of(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG,
				(int) group.sessionTimeout().toMillis(), ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG,
				(int) group.heartbeatInterval().toMillis()));
	}

}
