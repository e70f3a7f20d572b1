package io.minitickets.worker.deadletter;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.minitickets.worker.system.KafkaRecords;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.listener.RetryListener;

/**
 * Counts and logs the records the error handler sent to the dead-letter topic
 * ({@code minitickets.worker.dead.letters}).
 */
class DeadLetterMetrics implements RetryListener {

	private static final Logger logger = LoggerFactory.getLogger(DeadLetterMetrics.class);

	private final Counter deadLetters;

	DeadLetterMetrics(MeterRegistry registry) {
		this.deadLetters = Counter.builder("minitickets.worker.dead.letters")
			.description("Records of bookings.requested sent to the dead-letter topic")
			.register(registry);
	}

	@Override
	public void failedDelivery(ConsumerRecord<?, ?> record, Exception ex, int deliveryAttempt) {
		// failed deliveries are logged and counted where they happen, in the settlement
	}

	@Override
	public void recovered(ConsumerRecord<?, ?> record, Exception ex) {
		this.deadLetters.increment();
		logger.warn("Dead-lettered {}: {}", KafkaRecords.format(record), rootMessage(ex));
	}

	private static String rootMessage(Throwable ex) {
		Throwable cause = ex;
		while (cause.getCause() != null && !(cause instanceof UnprocessableRecordException)) {
			cause = cause.getCause();
		}
		return String.valueOf(cause.getMessage());
	}

}
