package io.minitickets.api.cancellation;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.minitickets.api.booking.BookingProperties;
import io.minitickets.api.problem.ApiException;
import io.minitickets.api.problem.Problems;
import io.minitickets.core.messaging.BookingTopics;
import io.minitickets.core.messaging.CancellationRequested;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.kafka.KafkaException;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.stereotype.Component;

/**
 * Records a cancellation on {@code cancellations.requested}, keyed by the booking's event id, and returns only once
 * the broker acknowledged it (acks=all): the 202 is a promise that the worker will see it. Waits at most
 * {@link BookingProperties#sendTimeout()}, as a booking request does.
 */
@Component
class CancellationRecorder {

	private static final Logger logger = LoggerFactory.getLogger(CancellationRecorder.class);

	private final KafkaTemplate<String, CancellationRequested> kafka;

	private final BookingProperties properties;

	CancellationRecorder(KafkaTemplate<String, CancellationRequested> kafka, BookingProperties properties) {
		this.kafka = kafka;
		this.properties = properties;
	}

	/**
	 * @param cancellation the checked request
	 * @throws ApiException 503 with Retry-After ({@link BookingProperties#unavailableRetryAfter()}) when the broker did
	 * not acknowledge it in time; the request may be sent again (applying it twice changes nothing)
	 */
	void record(CancellationRequested cancellation) {
		try {
			this.kafka
				.send(BookingTopics.CANCELLATIONS_REQUESTED, Long.toString(cancellation.eventId()), cancellation)
				.get(this.properties.sendTimeout().toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (KafkaException | ExecutionException | TimeoutException ex) {
			logger.warn("Cancellation of booking {} not recorded, answered 503: {}", cancellation.bookingId(),
					ex.toString());
			throw unrecorded();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw unrecorded();
		}
	}

	private ApiException unrecorded() {
		return Problems.unavailable("The cancellation could not be recorded now; send it again.",
				this.properties.unavailableRetryAfter().toSeconds());
	}

}
