package io.minitickets.worker.system;

import java.util.Map;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.springframework.boot.kafka.autoconfigure.DefaultKafkaConsumerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.config.ContainerCustomizer;
import org.springframework.kafka.listener.ConcurrentMessageListenerContainer;

/**
 * Gives the worker's consumers the session timeout and heartbeat interval of {@link ConsumerGroupProperties}, and
 * has the listener container commit a batch's offsets without waiting for the broker's answer.
 */
@Configuration(proxyBeanMethods = false)
class ConsumerGroupConfiguration {

	@Bean
	DefaultKafkaConsumerFactoryCustomizer consumerGroupTimeouts(ConsumerGroupProperties group) {
		return (factory) -> factory.updateConfigs(Map.of(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG,
				(int) group.sessionTimeout().toMillis(), ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG,
				(int) group.heartbeatInterval().toMillis()));
	}

	/**
	 * Commits each batch's offsets asynchronously. The container commits them only after the listener returned, that
	 * is after the batch's Postgres commits, Valkey settles and {@code bookings.settled} acknowledgements, whether it
	 * then waits for the broker's answer or not; waiting took ~7 ms of every ~33 ms listener batch on the worker figure
	 * (issue 19, docs/BENCHMARKS.md). A commit that fails is not retried: the next batch's commit covers it, and if the
	 * worker dies first its successor re-reads from the last committed offset, settled records included, which are
	 * replays (DESIGN.md invariant 3).
	 * @return the customizer of the worker's listener containers
	 */
	@Bean
	ContainerCustomizer<Object, Object, ConcurrentMessageListenerContainer<Object, Object>> asyncOffsetCommits() {
		return (container) -> container.getContainerProperties().setSyncCommits(false);
	}

}
