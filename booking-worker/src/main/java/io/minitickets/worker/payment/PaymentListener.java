package io.minitickets.worker.payment;

import java.util.List;

import io.minitickets.core.messaging.BookingTopics;
import io.minitickets.core.messaging.PaymentReceived;
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
 * Consumes {@code payments.received} and hands each payment to the {@link PaymentApplier}, in offset order. Its own
 * consumer group, {@value BookingTopics#PAYMENTS_GROUP}: the booking group's committed offsets are what a waiting customer's position is read
 * from, and a rebalance of one group must not pause the other's partitions. It runs in the worker's batch container
 * with the worker's error handler: a failure names its record (a {@link BatchListenerFailedException}), the offsets
 * before it are committed, an {@link UnprocessableRecordException} goes to {@code payments.received-dlt} once, and
 * anything else (Postgres down) is retried with the back-off that never gives up, so offsets follow Postgres.
 */
@Component
class PaymentListener {

	/** The listener's id, for the endpoint registry. */
	static final String ID = "payment-applier";

	private static final Logger logger = LoggerFactory.getLogger(PaymentListener.class);

	private static final LogAccessor deserializationLogger = new LogAccessor(LogFactory.getLog(PaymentListener.class));

	private final PaymentApplier applier;

	PaymentListener(PaymentApplier applier) {
		this.applier = applier;
	}

	/**
	 * @param records a batch; a value is null when it could not be read
	 * @throws BatchListenerFailedException naming the record that failed
	 */
	@KafkaListener(id = ID, topics = BookingTopics.PAYMENTS_RECEIVED, groupId = BookingTopics.PAYMENTS_GROUP, batch = "true",
			properties = "spring.json.value.default.type=io.minitickets.core.messaging.PaymentReceived")
	void onBatch(List<ConsumerRecord<String, PaymentReceived>> records) {
		for (ConsumerRecord<String, PaymentReceived> record : records) {
			try {
				PaymentOutcome outcome = this.applier.apply(readable(record));
				logger.debug("Applied {}: {}", KafkaRecords.format(record), outcome);
			}
			catch (UnprocessableRecordException ex) {
				throw new BatchListenerFailedException(ex.getMessage(), ex, record);
			}
			catch (RuntimeException ex) {
				logger.warn("Applying the payment at {} failed, retrying after a back-off: {}",
						KafkaRecords.format(record), ex.toString());
				throw new BatchListenerFailedException("Applying a payment failed", ex, record);
			}
		}
	}

	private static PaymentReceived readable(ConsumerRecord<String, PaymentReceived> record) {
		DeserializationException unreadable = SerializationUtils.getExceptionFromHeader(record,
				SerializationUtils.VALUE_DESERIALIZER_EXCEPTION_HEADER, deserializationLogger);
		if (unreadable != null || record.value() == null) {
			throw new UnprocessableRecordException("Unreadable payment at " + KafkaRecords.format(record), unreadable);
		}
		return record.value();
	}

}
