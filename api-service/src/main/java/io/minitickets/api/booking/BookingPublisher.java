package io.minitickets.api.booking;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.minitickets.core.messaging.BookingRequested;
import io.minitickets.core.messaging.BookingTopics;
import io.minitickets.core.status.QueuePlace;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.errors.InvalidTopicException;
import org.apache.kafka.common.errors.RecordBatchTooLargeException;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.SerializationException;
import org.jspecify.annotations.Nullable;
import org.springframework.kafka.core.KafkaProducerException;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.support.SendResult;
import org.springframework.stereotype.Component;

/**
 * Publishes accepted bookings to {@link BookingTopics#REQUESTED}, keyed by event id, and waits for the broker's
 * acknowledgement (acks=all, idempotent producer): a 202 is only answered for a record the broker took.
 * <p>
 * A failure says whether the record may still be appended. It certainly was not when the producer refused it before
 * sending: {@code send} itself threw (no metadata within {@code max.block.ms}, record too large, not serializable,
 * producer closed — spring-kafka rethrows an immediate failure from {@code send}), or the broker refused the batch
 * (too large, invalid topic). Any other failure — no acknowledgement within the send timeout, a delivery timeout or
 * network error after the send — is ambiguous: the broker may have appended it.
 * <p>
 * Each send is timed, from {@code send} to the acknowledgement or failure, in {@code minitickets.booking.publish}
 * tagged {@code result}: {@code acknowledged}, {@code not-sent} or {@code unconfirmed} (timers built once).
 */
@Component
class BookingPublisher {

	private final KafkaTemplate<String, BookingRequested> kafka;

	private final BookingProperties properties;

	private final Timer acknowledged;

	private final Timer notSent;

	private final Timer unconfirmed;

	BookingPublisher(KafkaTemplate<String, BookingRequested> kafka, BookingProperties properties,
			MeterRegistry registry) {
		this.kafka = kafka;
		this.properties = properties;
		this.acknowledged = timer(registry, "acknowledged");
		this.notSent = timer(registry, "not-sent");
		this.unconfirmed = timer(registry, "unconfirmed");
	}

	private static Timer timer(MeterRegistry registry, String result) {
		return Timer.builder("minitickets.booking.publish")
			.description("Sends of bookings to Kafka, until acknowledged or failed, by result")
			.tag("result", result)
			.register(registry);
	}

	/**
	 * Sends a booking and waits at most {@link BookingProperties#sendTimeout()} for the acknowledgement.
	 * @param request the booking
	 * @return where the broker appended it; null when the acknowledgement gave no offset
	 * @throws BookingNotSentException when the record certainly was not appended
	 * @throws BookingUnconfirmedException when it may have been appended but was not acknowledged
	 */
	@Nullable QueuePlace publish(BookingRequested request) {
		long start = System.nanoTime();
		try {
			QueuePlace place = send(request);
			this.acknowledged.record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
			return place;
		}
		catch (BookingNotSentException ex) {
			this.notSent.record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
			throw ex;
		}
		catch (BookingUnconfirmedException ex) {
			this.unconfirmed.record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
			throw ex;
		}
	}

	private @Nullable QueuePlace send(BookingRequested request) {
		CompletableFuture<SendResult<String, BookingRequested>> sent;
		try {
			sent = this.kafka.send(BookingTopics.REQUESTED, Long.toString(request.eventId()), request);
		}
		catch (RuntimeException ex) {
			throw new BookingNotSentException(request, ex);
		}
		try {
			RecordMetadata metadata = sent.get(this.properties.sendTimeout().toMillis(), TimeUnit.MILLISECONDS)
				.getRecordMetadata();
			return (metadata != null && metadata.hasOffset())
					? new QueuePlace(metadata.partition(), metadata.offset()) : null;
		}
		catch (ExecutionException ex) {
			Throwable cause = unwrap(ex.getCause());
			if (refusedByBroker(cause)) {
				throw new BookingNotSentException(request, cause);
			}
			throw new BookingUnconfirmedException(request, cause);
		}
		catch (TimeoutException ex) {
			throw new BookingUnconfirmedException(request, ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new BookingUnconfirmedException(request, ex);
		}
	}

	private static Throwable unwrap(Throwable failure) {
		return (failure instanceof KafkaProducerException && failure.getCause() != null) ? failure.getCause()
				: failure;
	}

	private static boolean refusedByBroker(Throwable cause) {
		return cause instanceof RecordTooLargeException || cause instanceof RecordBatchTooLargeException
				|| cause instanceof InvalidTopicException || cause instanceof SerializationException;
	}

	/**
	 * The record certainly was not appended: nothing of it can reach the worker. Retrying later can help.
	 */
	static final class BookingNotSentException extends RuntimeException {

		BookingNotSentException(BookingRequested request, Throwable cause) {
			super("booking " + request.bookingId() + " of event " + request.eventId() + " was not sent", cause);
		}

	}

	/**
	 * The record was handed to the producer but not acknowledged: the broker may still append it, and then the worker
	 * settles it.
	 */
	static final class BookingUnconfirmedException extends RuntimeException {

		BookingUnconfirmedException(BookingRequested request, Throwable cause) {
			super("booking " + request.bookingId() + " of event " + request.eventId() + " was not acknowledged",
					cause);
		}

	}

}
