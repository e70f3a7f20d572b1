package io.minitickets.worker.deadletter;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.minitickets.core.messaging.ReplayHeaders.RecordCoordinates;
import io.minitickets.worker.system.KafkaRecords;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Counts and logs what the dead-letter recoverer did: records sent to the dead-letter topic
 * ({@code minitickets.worker.dead.letters}) and poison records consumed again whose original was already there, so
 * nothing was published ({@code minitickets.worker.dead.letters.repeated}).
 */
class DeadLetterMetrics {

	private static final Logger logger = LoggerFactory.getLogger(DeadLetterMetrics.class);

	private final Counter deadLetters;

	private final Counter repeated;

	DeadLetterMetrics(MeterRegistry registry) {
		this.deadLetters = Counter.builder("minitickets.worker.dead.letters")
			.description("Records of bookings.requested sent to the dead-letter topic")
			.register(registry);
		this.repeated = Counter.builder("minitickets.worker.dead.letters.repeated")
			.description("Poison records consumed again (replay, offset reset) whose original was already dead-lettered")
			.register(registry);
	}

	void deadLettered(ConsumerRecord<?, ?> record, RecordCoordinates original, Exception ex) {
		this.deadLetters.increment();
		logger.warn("Dead-lettered {} (original {}): {}", KafkaRecords.format(record), original, rootMessage(ex));
	}

	void alreadyDeadLettered(ConsumerRecord<?, ?> record, RecordCoordinates original) {
		this.repeated.increment();
		logger.info("Not dead-lettered again: {} (original {}) is already in the dead-letter topic",
				KafkaRecords.format(record), original);
	}

	private static String rootMessage(Throwable ex) {
		Throwable cause = ex;
		while (cause.getCause() != null && !(cause instanceof UnprocessableRecordException)) {
			cause = cause.getCause();
		}
		return String.valueOf(cause.getMessage());
	}

}
