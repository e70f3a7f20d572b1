package io.minitickets.worker.deadletter;

import java.util.LinkedHashMap;
import java.util.Map;

import io.micrometer.core.instrument.MeterRegistry;
import io.minitickets.core.messaging.BookingTopics;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.kafka.core.KafkaOperations;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.core.ProducerFactory;
import org.springframework.kafka.listener.ConsumerRecordRecoverer;
import org.springframework.kafka.listener.DeadLetterPublishingRecoverer;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The dead-letter recoverer: publishes a failed record of {@code bookings.requested} to
 * {@link BookingTopics#REQUESTED_DLT} (of {@code payments.received} to {@link BookingTopics#PAYMENTS_RECEIVED_DLT}, of {@code cancellations.requested}
 * to {@link BookingTopics#CANCELLATIONS_REQUESTED_DLT}) on
 * the same partition, with its headers and the exception headers
 * spring-kafka adds (original topic, partition, offset, exception), so ops-cli can replay it; once per original
 * record ({@link OnceOnlyDeadLetterRecoverer}).
 */
@Configuration(proxyBeanMethods = false)
class DeadLetterConfiguration {

	/** Name of the template that writes values that could not be read, as the raw bytes they arrived with. */
	static final String RAW_TEMPLATE = "deadLetterRawTemplate";

	/**
	 * A template for values that failed deserialization: the recoverer republishes their original bytes, which the
	 * JSON serializer of the application's template would turn into a base64 string. Not a default candidate, so
	 * Spring Boot still auto-configures the application's template.
	 * @param producerFactory Spring Boot's producer factory (acks=all, idempotent)
	 * @return a template on a copy of that factory whose value serializer writes bytes as they are
	 */
	@Bean(name = RAW_TEMPLATE, defaultCandidate = false)
	KafkaTemplate<Object, Object> deadLetterRawTemplate(ProducerFactory<Object, Object> producerFactory) {
		return new KafkaTemplate<>(producerFactory,
				Map.of(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class));
	}

	/**
	 * @param topic a topic the worker consumes
	 * @return its dead-letter topic
	 */
	static String deadLetterTopicOf(String topic) {
		return switch (topic) {
			case BookingTopics.PAYMENTS_RECEIVED -> BookingTopics.PAYMENTS_RECEIVED_DLT;
			case BookingTopics.CANCELLATIONS_REQUESTED -> BookingTopics.CANCELLATIONS_REQUESTED_DLT;
			default -> BookingTopics.REQUESTED_DLT;
		};
	}

	/**
	 * The error handler's recoverer: publishes a poison record to the dead-letter topic once per original record.
	 * @param kafkaTemplate the application's template, for values that were read
	 * @param rawTemplate the template for values that could not be read
	 * @param jdbc the worker's Postgres, for the {@code dead_letters} table
	 * @param transactionManager its transactions
	 * @param meters where the dead-letter counters go
	 * @return the recoverer
	 */
	@Bean
	ConsumerRecordRecoverer deadLetterRecoverer(KafkaTemplate<Object, Object> kafkaTemplate,
			@Qualifier(RAW_TEMPLATE) KafkaTemplate<Object, Object> rawTemplate, JdbcTemplate jdbc,
			PlatformTransactionManager transactionManager, MeterRegistry meters) {
		Map<Class<?>, KafkaOperations<?, ?>> templates = new LinkedHashMap<>();
		templates.put(byte[].class, rawTemplate);
		templates.put(Object.class, kafkaTemplate);
		DeadLetterPublishingRecoverer publisher = new DeadLetterPublishingRecoverer(templates,
				(record, exception) -> new TopicPartition(deadLetterTopicOf(record.topic()), record.partition()));
		return new OnceOnlyDeadLetterRecoverer(publisher, new DeadLetterRegistry(jdbc),
				new TransactionTemplate(transactionManager), new DeadLetterMetrics(meters));
	}

}
