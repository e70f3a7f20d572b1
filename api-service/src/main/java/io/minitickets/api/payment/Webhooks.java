package io.minitickets.api.payment;

import java.time.Instant;
import java.util.Locale;
import java.util.UUID;

import io.minitickets.api.payment.PaymentBookings.PaidBooking;
import io.minitickets.api.problem.ApiException;
import io.minitickets.api.problem.Problems;
import io.minitickets.core.messaging.PaymentReceived;
import io.minitickets.core.payment.PaymentEvent;
import io.minitickets.core.payment.PaymentEventType;
import io.minitickets.core.payment.PaymentProvider;
import io.minitickets.core.payment.WebhookRejectedException;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Service;

/**
 * Receives the provider's webhooks: verifies them, checks them against the booking, and records a payment durably on
 * {@code payments.received} for the worker to apply. It changes nothing itself (DESIGN.md, "One authority per
 * event"); a refused webhook changes nothing at all.
 */
@Service
class Webhooks {

	private static final Logger logger = LoggerFactory.getLogger(Webhooks.class);

	private final ObjectProvider<PaymentProvider> provider;

	private final PaymentBookings bookings;

	private final PaymentRecorder recorder;

	private final PaymentMeters meters;

	Webhooks(ObjectProvider<PaymentProvider> provider, PaymentBookings bookings, PaymentRecorder recorder,
			PaymentMeters meters) {
		this.provider = provider;
		this.bookings = bookings;
		this.recorder = recorder;
		this.meters = meters;
	}

	/**
	 * @param payload the body exactly as received
	 * @param signature the provider's signature header; null when absent
	 * @throws ApiException 400 when the signature, the timestamp or the payload is bad, or a successful payment's
	 * amount or currency is not the booking's; 404 when the booking it names does not exist; 503 with Retry-After when
	 * no provider is configured or the broker did not acknowledge the record (the provider delivers it again)
	 */
	void receive(byte[] payload, @Nullable String signature) {
		PaymentProvider payments = this.provider.getIfAvailable();
		if (payments == null) {
			throw Problems.unavailable("Payments are not configured on this service.",
					Checkouts.PROVIDER_RETRY_AFTER_SECONDS);
		}
		PaymentEvent event;
		try {
			event = payments.verifyWebhook(payload, signature);
		}
		catch (WebhookRejectedException ex) {
			throw refuse(RefusalReason.of(ex.reason()), ex.getMessage(), HttpStatus.BAD_REQUEST);
		}
		if (event.type() != PaymentEventType.PAYMENT_SUCCEEDED && event.type() != PaymentEventType.PAYMENT_FAILED) {
			logger.debug("Webhook {} of type {} acknowledged and ignored", event.eventId(), event.providerType());
			return;
		}
		UUID bookingId = bookingIdOf(event);
		PaidBooking booking = this.bookings.findPaid(bookingId)
			.orElseThrow(() -> refuse(RefusalReason.UNKNOWN_BOOKING,
					"webhook " + event.eventId() + " names booking " + bookingId + ", which does not exist",
					HttpStatus.NOT_FOUND));
		PaymentBookings.Price price = booking.price();
		if (price == null || (event.type() == PaymentEventType.PAYMENT_SUCCEEDED && !matches(event, price))) {
			throw refuse(RefusalReason.AMOUNT_MISMATCH,
					"webhook " + event.eventId() + " paid " + event.amount() + " " + event.currency() + " for booking "
							+ bookingId + ", which costs " + ((price != null) ? price.amount() + " " + price.currency()
									: "nothing"),
					HttpStatus.BAD_REQUEST);
		}
		this.recorder.record(new PaymentReceived(event.eventId(), bookingId, booking.eventId(),
				event.type() == PaymentEventType.PAYMENT_SUCCEEDED, event.paymentId(), event.amount(),
				price.currency(), Instant.now()));
	}

	private UUID bookingIdOf(PaymentEvent event) {
		String bookingId = event.bookingId();
		if (bookingId == null) {
			throw refuse(RefusalReason.MALFORMED, "payment webhook " + event.eventId() + " names no booking",
					HttpStatus.BAD_REQUEST);
		}
		try {
			return UUID.fromString(bookingId);
		}
		catch (IllegalArgumentException ex) {
			throw refuse(RefusalReason.UNKNOWN_BOOKING,
					"webhook " + event.eventId() + " names booking '" + bookingId + "', which is not a booking id",
					HttpStatus.NOT_FOUND);
		}
	}

	private static boolean matches(PaymentEvent event, PaymentBookings.Price price) {
		String currency = event.currency();
		return event.amount() == price.amount() && currency != null
				&& currency.toUpperCase(Locale.ROOT).equals(price.currency());
	}

	private ApiException refuse(RefusalReason reason, String detail, HttpStatus status) {
		this.meters.refused(reason);
		logger.warn("Payment webhook refused ({}): {}", reason.tag(), detail);
		return Problems.of(status, "Webhook refused: " + detail + ".").with("reason", reason.tag());
	}

}
