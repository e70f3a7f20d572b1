package io.minitickets.core.config;

import java.util.Optional;

import io.minitickets.core.messaging.BookingTopics;
import io.minitickets.core.messaging.TopicProperties;
import org.apache.kafka.clients.admin.NewTopic;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.kafka.core.KafkaAdmin;

/**
 * Declares the booking topics so that whichever service starts first creates them (Spring Kafka's {@link KafkaAdmin}
 * creates missing {@link NewTopic}s and leaves existing ones alone). Only in services that talk to Kafka.
 */
@AutoConfiguration(afterName = "org.springframework.boot.kafka.autoconfigure.KafkaAutoConfiguration")
@ConditionalOnBean(KafkaAdmin.class)
@EnableConfigurationProperties(TopicProperties.class)
public class BookingTopicsAutoConfiguration {

	@Bean
	KafkaAdmin.NewTopics bookingTopics(TopicProperties properties) {
		Optional<Integer> partitions = Optional.of(properties.partitions());
		Optional<Short> replicas = (properties.replicas() > 0) ? Optional.of(properties.replicas()) : Optional.empty();
		return new KafkaAdmin.NewTopics(new NewTopic(BookingTopics.REQUESTED, partitions, replicas),
				new NewTopic(BookingTopics.SETTLED, partitions, replicas),
				new NewTopic(BookingTopics.REQUESTED_DLT, partitions, replicas),
				new NewTopic(BookingTopics.REQUESTED_PARKED, partitions, replicas),
				new NewTopic(BookingTopics.PAYMENTS_RECEIVED, partitions, replicas),
				new NewTopic(BookingTopics.PAYMENTS_RECEIVED_DLT, partitions, replicas),
				new NewTopic(BookingTopics.CANCELLATIONS_REQUESTED, partitions, replicas),
				new NewTopic(BookingTopics.CANCELLATIONS_REQUESTED_DLT, partitions, replicas));
	}

}
