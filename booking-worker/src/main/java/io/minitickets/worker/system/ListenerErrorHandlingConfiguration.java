package io.minitickets.worker.system;

import java.util.Map;

import io.minitickets.worker.deadletter.UnprocessableRecordException;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.KafkaException;
import org.springframework.kafka.listener.ConsumerRecordRecoverer;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.kafka.listener.RetryListener;
import org.springframework.util.backoff.ExponentialBackOff;

/**
 * How the batch listener's failures are handled (Spring Boot hands this error handler to the listener container).
 * <p>
 * The listener reports every failure as a {@code BatchListenerFailedException} with the index of the failed record:
 * the offsets before it are committed, the rest of the batch is redelivered. An {@link UnprocessableRecordException}
 * is the only failure that is not retryable: its record goes to the dead-letter topic at once, exactly once. Every
 * other failure (database or broker unavailable, a bug) is retried with an exponential back-off that is never
 * exhausted, so no good record ever reaches the dead-letter topic and no offset of an unsettled record is committed.
 * The default not-retryable exceptions of spring-kafka (deserialization, conversion, {@code ClassCastException} …)
 * are deliberately dropped: a wrapped bug must stall the partition, not dead-letter a good record.
 * <p>
 * Exceptions other than {@code BatchListenerFailedException} would go to spring-kafka's fallback batch handler,
 * which retries the whole batch in memory and, when its back-off ends or a retry fails with a not retryable
 * exception, hands every record of the batch to the recoverer, good ones included. The listener never throws such
 * exceptions, so that path is never taken.
 * <p>
 * The container's own "Error handler threw an exception" log is lowered to DEBUG: the listener logs every failed
 * batch and {@code DeadLetterMetrics} every dead-lettered record, once each.
 */
@Configuration(proxyBeanMethods = false)
class ListenerErrorHandlingConfiguration {

	@Bean
	DefaultErrorHandler listenerErrorHandler(ConsumerRecordRecoverer deadLetterPublishingRecoverer,
			WorkerProperties properties, ObjectProvider<RetryListener> retryListeners) {
		DefaultErrorHandler handler = new DefaultErrorHandler(deadLetterPublishingRecoverer, backOff(properties));
		handler.setClassifications(Map.of(UnprocessableRecordException.class, false), true);
		handler.setRetryListeners(retryListeners.orderedStream().toArray(RetryListener[]::new));
		handler.setLogLevel(KafkaException.Level.DEBUG);
		return handler;
	}

	private static ExponentialBackOff backOff(WorkerProperties properties) {
		ExponentialBackOff backOff = new ExponentialBackOff(properties.retryInitialInterval().toMillis(), 2.0);
		backOff.setMaxInterval(properties.retryMaxInterval().toMillis());
		return backOff;
	}

}
