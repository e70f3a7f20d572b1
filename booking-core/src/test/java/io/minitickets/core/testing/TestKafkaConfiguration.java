package io.minitickets.core.testing;

import java.util.List;

import org.springframework.boot.kafka.autoconfigure.KafkaConnectionDetails;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.testcontainers.service.connection.ServiceConnection;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Condition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.type.AnnotatedTypeMetadata;
import org.springframework.kafka.test.EmbeddedKafkaBroker;
import org.springframework.kafka.test.EmbeddedKafkaKraftBroker;
import org.testcontainers.kafka.KafkaContainer;

/**
 * A Kafka broker of its own for each test context that imports this, by {@link TestInfrastructure}'s choice: an
 * embedded KRaft broker (spring-kafka-test) locally, an {@code apache/kafka} container on Testcontainers. Either way
 * the services reach it through Spring Boot's {@link KafkaConnectionDetails} (the container's through
 * {@link ServiceConnection}), so a test that needs the broker's address asks that bean too, and no test depends on
 * which one runs.
 */
@TestConfiguration(proxyBeanMethods = false)
public class TestKafkaConfiguration {

	/**
	 * @param kafka the context's connection details
	 * @return its bootstrap servers, comma-separated ({@code host:port,...})
	 */
	public static String bootstrapServers(KafkaConnectionDetails kafka) {
		return String.join(",", kafka.getBootstrapServers());
	}

	@Configuration(proxyBeanMethods = false)
	@Conditional(OnLocal.class)
	static class EmbeddedBroker {

		@Bean
		EmbeddedKafkaBroker embeddedKafka() {
			return new EmbeddedKafkaKraftBroker(1, 1).brokerProperty("group.initial.rebalance.delay.ms", "0");
		}

		@Bean
		KafkaConnectionDetails embeddedKafkaConnectionDetails(EmbeddedKafkaBroker embeddedKafka) {
			List<String> servers = List.of(embeddedKafka.getBrokersAsString().split(","));
			return () -> servers;
		}

	}

	@Configuration(proxyBeanMethods = false)
	@Conditional(OnContainers.class)
	static class ContainerBroker {

		@Bean
		@ServiceConnection
		KafkaContainer kafkaContainer() {
			return TestContainers.newKafka();
		}

	}

	static class OnLocal implements Condition {

		@Override
		public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
			return !TestInfrastructure.containers();
		}

	}

	static class OnContainers implements Condition {

		@Override
		public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
			return TestInfrastructure.containers();
		}

	}

}
