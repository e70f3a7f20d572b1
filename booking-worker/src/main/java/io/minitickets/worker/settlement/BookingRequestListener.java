package io.minitickets.worker.settlement;

import java.util.List;

import io.minitickets.core.messaging.BookingRequested;
import io.minitickets.core.messaging.BookingTopics;
import io.minitickets.worker.deadletter.UnprocessableRecordException;
import io.minitickets.worker.system.KafkaRecords;
import io.minitickets.worker.system.RecordTrace;
import org.apache.commons.logging.LogFactory;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.core.log.LogAccessor;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.listener.BatchListenerFailedException;
import org.springframework.kafka.support.serializer.DeserializationException;
import org.springframework.kafka.support.serializer.SerializationUtils;
import org.springframework.stereotype.Component;

/**
 * Consumes {@code bookings.requested} in batches and hands the valid requests to the settlement. Thin on purpose: it
 * only singles out records that can never be settled and tells the error handler which record failed.
 * <p>
 * Every failure leaves as a {@link BatchListenerFailedException} naming a record, so that the error handler commits
 * exactly the offsets before it:
 * <ul>
 * <li>an unreadable or invalid record: the records before it are settled first, then it is named with an
 * {@link UnprocessableRecordException} (not retryable: it goes to the dead-letter topic once) and the rest of the
 * batch is redelivered;</li>
 * <li>anything else (database or broker unavailable, a bug): the first record is named, no offset is committed and
 * the whole batch is redelivered after a back-off; the events whose transactions committed before the failure are
 * settled in Valkey and published already, and are replays then.</li>
 * </ul>
 * Each event's bookings are settled in Valkey and sent on {@code bookings.settled} right after its own transaction
 * commits. When the listener returns, every record of the batch is settled in Postgres and acknowledged on
 * {@code bookings.settled}, and the container commits the offsets.
 */
@Component
class BookingRequestListener {

	/** The listener's id, for the endpoint registry. */
	static final String ID = "booking-worker";

	private static final Logger logger = LoggerFactory.getLogger(BookingRequestListener.class);

	private static final LogAccessor deserializationLogger = new LogAccessor(
			LogFactory.getLog(BookingRequestListener.class));

	private final SettlementService settlements;

	private final SettlementPublisher publisher;

	private final SettlementMetrics metrics;

	private final SettleRateCap cap;

	private final SettleSlowdown slowdown;

	BookingRequestListener(SettlementService settlements, SettlementPublisher publisher, SettlementMetrics metrics,
			SettleRateCap cap, SettleSlowdown slowdown) {
		this.settlements = settlements;
		this.publisher = publisher;
		this.metrics = metrics;
		this.cap = cap;
		this.slowdown = slowdown;
	}

	/**
	 * Settles one batch.
	 * @param records the batch in offset order per partition; a value is null when it could not be read
	 * @throws BatchListenerFailedException naming the first unprocessable record, or the first record when settling
	 * failed
	 */
	@KafkaListener(id = ID, topics = BookingTopics.REQUESTED, groupId = BookingTopics.WORKER_GROUP, batch = "true")
	void onBatch(List<ConsumerRecord<String, BookingRequested>> records) {
		this.metrics.batch(records.size());
		this.cap.admit(records.size(), this.slowdown.factor());
		if (logger.isDebugEnabled()) {
			records.forEach(BookingRequestListener::logReceived);
		}
		for (int i = 0; i < records.size(); i++) {
			UnprocessableRecordException problem = problem(records.get(i));
			if (problem != null) {
				settle(records.subList(0, i));
				throw new BatchListenerFailedException(problem.getMessage(), problem, records.get(i));
			}
		}
		long start = System.nanoTime();
		settle(records);
		this.slowdown.after(System.nanoTime() - start);
	}

	private void settle(List<ConsumerRecord<String, BookingRequested>> records) {
		if (records.isEmpty()) {
			return;
		}
		SettlementPublisher.Publication publication = this.publisher.begin();
		try {
			this.settlements.settle(records.stream().map(ConsumerRecord::value).toList(), publication::committed);
			publication.awaitAcknowledged();
		}
		catch (RuntimeException ex) {
			publication.awaitAcknowledgedAfter(ex);
			if (TransientFailures.isTransient(ex)) {
				logger.warn("Settling {} records from {} failed, retrying after a back-off: {}", records.size(),
						KafkaRecords.format(records.get(0)), NestedExceptionUtils.getMostSpecificCause(ex).toString());
			}
			else {
				logger.error("Settling {} records from {} failed, retrying after a back-off", records.size(),
						KafkaRecords.format(records.get(0)), ex);
			}
			throw new BatchListenerFailedException("Settling failed; the batch is redelivered", ex, records.get(0));
		}
	}

	/** One DEBUG line per record, with the booking, its event and the trace of the request that published it. */
	private static void logReceived(ConsumerRecord<String, BookingRequested> record) {
		try (RecordTrace trace = RecordTrace.of(record)) {
			BookingRequested request = record.value();
			logger.atDebug()
				.addKeyValue("bookingId", (request != null) ? request.bookingId() : null)
				.addKeyValue("eventId", (request != null) ? request.eventId() : null)
				.log("Settling {}", KafkaRecords.format(record));
		}
	}

	private static @Nullable UnprocessableRecordException problem(ConsumerRecord<String, BookingRequested> record) {
		DeserializationException unreadable = SerializationUtils.getExceptionFromHeader(record,
				SerializationUtils.VALUE_DESERIALIZER_EXCEPTION_HEADER, deserializationLogger);
		if (unreadable != null) {
			return new UnprocessableRecordException(
					"Unreadable value at " + KafkaRecords.format(record) + ": " + unreadable.getMessage(), unreadable);
		}
		BookingRequested request = record.value();
		if (request == null || !request.isValid()) {
			return new UnprocessableRecordException(
					"Invalid booking request at " + KafkaRecords.format(record) + ": " + request, null);
		}
		return null;
	}

}
