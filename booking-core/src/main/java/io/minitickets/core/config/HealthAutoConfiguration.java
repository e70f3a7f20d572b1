package io.minitickets.core.config;

import java.time.Duration;

import io.minitickets.core.health.KafkaHealthIndicator;
import io.minitickets.core.health.ValkeyHealthIndicator;
import io.minitickets.core.valkey.ValkeyConnection;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.core.KafkaAdmin;

/**
 * Health indicators {@code valkey} (reported, not in readiness) and, in services that talk to Kafka, {@code kafka}
 * (meant for readiness).
 */
@AutoConfiguration(after = ValkeyAutoConfiguration.class,
		afterName = "org.springframework.boot.kafka.autoconfigure.KafkaAutoConfiguration")
@ConditionalOnClass(HealthIndicator.class)
public class HealthAutoConfiguration {

	@Bean
	ValkeyHealthIndicator valkeyHealthIndicator(ValkeyConnection limiter,
			@Qualifier(ValkeyAutoConfiguration.GATE_CONNECTION) ValkeyConnection gate) {
		return new ValkeyHealthIndicator(limiter, gate);
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnBean(KafkaAdmin.class)
	static class Kafka {

		@Bean
		KafkaHealthIndicator kafkaHealthIndicator(KafkaAdmin admin) {
			return new KafkaHealthIndicator(admin.getConfigurationProperties(), Duration.ofSeconds(2));
		}

	}

}
