package io.minitickets.worker.cancellation;

import java.util.List;

import io.minitickets.core.messaging.BookingTopics;
import io.minitickets.core.messaging.CancellationRequested;
import io.minitickets.worker.deadletter.UnprocessableRecordException;
import io.minitickets.worker.system.KafkaRecords;
import org.apache.commons.logging.LogFactory;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.core.log.LogAccessor;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.listener.BatchListenerFailedException;
import org.springframework.kafka.support.serializer.DeserializationException;
import org.springframework.kafka.support.serializer.SerializationUtils;
import org.springframework.stereotype.Component;

/**
 * Consumes {@code cancellations.requested} and hands each cancellation to the {@link CancellationApplier}, in offset
 * order, as the payment listener does with payments: its own consumer group,
 * {@value BookingTopics#CANCELLATIONS_GROUP}; the worker's batch container and error handler, so an
 * {@link UnprocessableRecordException} goes to {@code cancellations.requested-dlt} once and anything else (Postgres
 * down) is retried with the back-off that never gives up.
 */
@Component
class CancellationListener {

	/** The listener's id, for the endpoint registry. */
	static final String ID = "cancellation-applier";

	private static final Logger logger = LoggerFactory.getLogger(CancellationListener.class);

	private static final LogAccessor deserializationLogger = new LogAccessor(
			LogFactory.getLog(CancellationListener.class));

	private final CancellationApplier applier;

	CancellationListener(CancellationApplier applier) {
		this.applier = applier;
	}

	/**
	 * @param records a batch; a value is null when it could not be read
	 * @throws BatchListenerFailedException naming the record that failed
	 */
	@KafkaListener(id = ID, topics = BookingTopics.CANCELLATIONS_REQUESTED,
			groupId = BookingTopics.CANCELLATIONS_GROUP, batch = "true",
			properties = "spring.json.value.default.type=io.minitickets.core.messaging.CancellationRequested")
	void onBatch(List<ConsumerRecord<String, CancellationRequested>> records) {
		for (ConsumerRecord<String, CancellationRequested> record : records) {
			try {
				CancellationOutcome outcome = this.applier.apply(readable(record));
				logger.debug("Applied {}: {}", KafkaRecords.format(record), outcome);
			}
			catch (UnprocessableRecordException ex) {
				throw new BatchListenerFailedException(ex.getMessage(), ex, record);
			}
			catch (RuntimeException ex) {
				logger.warn("Applying the cancellation at {} failed, retrying after a back-off: {}",
						KafkaRecords.format(record), ex.toString());
				throw new BatchListenerFailedException("Applying a cancellation failed", ex, record);
			}
		}
	}

	private static CancellationRequested readable(ConsumerRecord<String, CancellationRequested> record) {
		DeserializationException unreadable = SerializationUtils.getExceptionFromHeader(record,
				SerializationUtils.VALUE_DESERIALIZER_EXCEPTION_HEADER, deserializationLogger);
		if (unreadable != null || record.value() == null) {
			throw new UnprocessableRecordException("Unreadable cancellation at " + KafkaRecords.format(record), unreadable);
		}
		return record.value();
	}

}
