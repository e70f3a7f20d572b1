package io.minitickets.api.booking;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.minitickets.core.messaging.BookingRequested;
import io.minitickets.core.messaging.BookingTopics;
import org.apache.kafka.common.KafkaException;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.stereotype.Component;

/**
 * Publishes accepted bookings to {@link BookingTopics#REQUESTED}, keyed by event id, and waits for the broker's
 * acknowledgement (acks=all, idempotent producer): a 202 is only answered for a record the broker took.
 */
@Component
class BookingPublisher {

	private final KafkaTemplate<String, BookingRequested> kafka;

	private final BookingProperties properties;

	BookingPublisher(KafkaTemplate<String, BookingRequested> kafka, BookingProperties properties) {
		this.kafka = kafka;
		this.properties = properties;
	}

	/**
	 * @param request the booking
	 * @throws BookingNotSentException when the broker did not acknowledge it within the send timeout
	 */
	void publish(BookingRequested request) {
		try {
			this.kafka.send(BookingTopics.REQUESTED, Long.toString(request.eventId()), request)
				.get(this.properties.sendTimeout().toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (ExecutionException | TimeoutException | KafkaException | org.springframework.kafka.KafkaException ex) {
			throw new BookingNotSentException(request, ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new BookingNotSentException(request, ex);
		}
	}

	/**
	 * The broker did not acknowledge a booking in time; retrying later can help.
	 */
	static final class BookingNotSentException extends RuntimeException {

		BookingNotSentException(BookingRequested request, Throwable cause) {
			super("booking " + request.bookingId() + " of event " + request.eventId() + " was not acknowledged", cause);
		}

	}

}
