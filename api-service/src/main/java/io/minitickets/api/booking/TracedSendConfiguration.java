package io.minitickets.api.booking;

import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.core.KafkaAdmin;
import org.springframework.kafka.core.KafkaTemplate;

/**
 * Keeps the KafkaTemplate's observation ({@code spring.kafka.template.observation-enabled}: a span per send and the
 * W3C {@code traceparent} header on the record) from ever asking the broker for its cluster id on the request path.
 * <p>
 * An observed send names the cluster in its context, and spring-kafka asks its {@link KafkaAdmin} for the id on every
 * send until one answer arrived: a {@code describeCluster} of up to {@code operation-timeout} (5 s), under a lock all
 * sends share. While the broker is unreachable, every booking would then wait in line for it instead of failing within
 * {@code max.block.ms} (found by {@code KafkaUnavailableIntegrationTests}: requests hung past 20 s). The template gets
 * an admin that knows no cluster id instead; the spans name the remote service "Apache Kafka" without it.
 */
@Configuration(proxyBeanMethods = false)
class TracedSendConfiguration {

	/**
	 * @return sets the cluster-id-free admin on every KafkaTemplate before spring-kafka looks one up
	 */
	@Bean
	static BeanPostProcessor templatesWithoutClusterIdLookup() {
		return new BeanPostProcessor() {

			@Override
			public Object postProcessBeforeInitialization(Object bean, String beanName) {
				if (bean instanceof KafkaTemplate<?, ?> template) {
					template.setKafkaAdmin(new NoClusterIdAdmin());
				}
				return bean;
			}

		};
	}

	/** An admin used only for the observation's cluster id, which it never asks the broker for. */
	private static final class NoClusterIdAdmin extends KafkaAdmin {

		NoClusterIdAdmin() {
			super(Map.of());
		}

		@Override
		public @Nullable String clusterId() {
			return null;
		}

	}

}
