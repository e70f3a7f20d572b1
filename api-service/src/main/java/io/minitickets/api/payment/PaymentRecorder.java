package io.minitickets.api.payment;

import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.minitickets.api.problem.ApiException;
import io.minitickets.api.problem.Problems;
import io.minitickets.core.messaging.BookingTopics;
import io.minitickets.core.messaging.PaymentReceived;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.kafka.KafkaException;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.stereotype.Component;

/**
 * Records a verified payment on {@code payments.received}, keyed by the booking's event id, and returns only once the
 * broker acknowledged it (acks=all): the webhook's 200 is a promise that the worker will see it.
 */
@Component
class PaymentRecorder {

	private static final Logger logger = LoggerFactory.getLogger(PaymentRecorder.class);

	/** The provider retries on its own schedule; this is only a hint. */
	private static final long RETRY_AFTER_SECONDS = 5;

	private final KafkaTemplate<String, PaymentReceived> kafka;

	private final Duration timeout;

	PaymentRecorder(KafkaTemplate<String, PaymentReceived> kafka, PaymentApiProperties properties) {
		this.kafka = kafka;
		this.timeout = properties.publishTimeout();
	}

	/**
	 * @param payment the verified payment
	 * @throws ApiException 503 with Retry-After when the broker did not acknowledge it within
	 * {@link PaymentApiProperties#publishTimeout()}
	 */
	void record(PaymentReceived payment) {
		try {
			this.kafka.send(BookingTopics.PAYMENTS_RECEIVED, Long.toString(payment.eventId()), payment)
				.get(this.timeout.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (KafkaException | ExecutionException | TimeoutException ex) {
			logger.warn("Payment webhook {} for booking {} not recorded, answered 503 for the provider to retry: {}",
					payment.providerEventId(), payment.bookingId(), ex.toString());
			throw unrecorded();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw unrecorded();
		}
	}

	private static ApiException unrecorded() {
		return Problems.unavailable("The payment could not be recorded now; deliver it again.", RETRY_AFTER_SECONDS);
	}

}
