package io.minitickets.worker.deadletter;

import java.util.Objects;

import io.minitickets.core.messaging.ReplayHeaders;
import io.minitickets.core.messaging.ReplayHeaders.RecordCoordinates;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.kafka.listener.BatchListenerFailedException;
import org.springframework.kafka.listener.ConsumerRecordRecoverer;
import org.springframework.kafka.listener.ListenerExecutionFailedException;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Sends a poison record to the dead-letter topic once per original: a record is known by its original coordinates
 * ({@link ReplayHeaders}, else its own topic, partition and offset), and a record whose original is already
 * dead-lettered is not published again. So replaying the main topic (an offset reset, {@code ops replay} of
 * {@code bookings.requested}, a redrive of a record that is still poison) neither grows the dead-letter topic nor
 * counts a dead letter twice, and a redrive of the dead-letter topic sees each original once.
 * <p>
 * Why a Postgres table ({@code dead_letters}) and not a look at the dead-letter topic: the check is an exact primary
 * key lookup whatever the topic's size or retention, it works while a partition is being read by another recoverer,
 * and the insert and the publish form one step: the row is inserted, the publish is awaited (the broker's
 * acknowledgement), then the row commits. A failed publish rolls the row back and the record is redelivered; a crash
 * between acknowledgement and commit can publish one extra copy, which carries the same original coordinates and is
 * seen once by a redrive. The worker needs Postgres to settle anything, so the table adds no new dependency.
 */
class OnceOnlyDeadLetterRecoverer implements ConsumerRecordRecoverer {

	private final ConsumerRecordRecoverer publisher;

	private final DeadLetterRegistry registry;

	private final TransactionTemplate transactions;

	private final DeadLetterMetrics metrics;

	/**
	 * @param publisher publishes to the dead-letter topic and waits for the acknowledgement, throwing when it fails
	 * @param registry the {@code dead_letters} table
	 * @param transactions the worker's Postgres transactions
	 * @param metrics counts and logs the outcome
	 */
	OnceOnlyDeadLetterRecoverer(ConsumerRecordRecoverer publisher, DeadLetterRegistry registry,
			TransactionTemplate transactions, DeadLetterMetrics metrics) {
		this.publisher = publisher;
		this.registry = registry;
		this.transactions = transactions;
		this.metrics = metrics;
	}

	/**
	 * Dead-letters the record unless its original already was.
	 * @param record the poison record
	 * @param ex why it cannot be settled
	 * @throws RuntimeException when Postgres or the publish fails: the error handler then redelivers the record
	 */
	@Override
	public void accept(ConsumerRecord<?, ?> record, Exception ex) {
		RecordCoordinates original = originalOf(record);
		boolean published = Objects.requireNonNull(this.transactions.execute((status) -> {
			if (!this.registry.claim(original, failure(ex).getClass().getName())) {
				return false;
			}
			this.publisher.accept(record, ex);
			return true;
		}));
		if (published) {
			this.metrics.deadLettered(record, original, ex);
		}
		else {
			this.metrics.alreadyDeadLettered(record, original);
		}
	}

	static RecordCoordinates originalOf(ConsumerRecord<?, ?> record) {
		return ReplayHeaders.original(record.headers())
			.orElseGet(() -> new RecordCoordinates(record.topic(), record.partition(), record.offset()));
	}

	private static Throwable failure(Exception ex) {
		Throwable failure = ex;
		while ((failure instanceof ListenerExecutionFailedException || failure instanceof BatchListenerFailedException)
				&& failure.getCause() != null) {
			failure = failure.getCause();
		}
		return failure;
	}

}
