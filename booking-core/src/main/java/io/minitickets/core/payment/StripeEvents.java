package io.minitickets.core.payment;

import java.time.Instant;

import com.stripe.exception.SignatureVerificationException;
import com.stripe.model.Event;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads a verified Stripe event into a {@link PaymentEvent}. The event's envelope (id, type, created) comes from
 * stripe-java; its {@code data.object} is read from the JSON directly, so an event of another API version than the
 * library's (the library then refuses to deserialize the object) is read all the same.
 *
 * @see <a href="https://docs.stripe.com/checkout/fulfillment">Fulfill orders: the Checkout events</a>
 */
final class StripeEvents {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private StripeEvents() {
	}

	/**
	 * @param event the event stripe-java constructed from the verified payload
	 * @param payload the same payload, for its {@code data.object}
	 * @return the event in the booking flow's terms
	 * @throws WebhookRejectedException (malformed payload) when it has no id, type or {@code data.object}
	 */
	static PaymentEvent read(Event event, byte[] payload) {
		JsonNode object;
		try {
			object = JSON.readTree(payload).path("data").path("object");
		}
		catch (JacksonException ex) {
			throw malformed("not JSON: " + ex.getOriginalMessage());
		}
		if (blank(event.getId()) || blank(event.getType()) || event.getCreated() == null || !object.isObject()) {
			throw malformed("an event needs an id, a type, a created time and a data.object");
		}
		Instant created = Instant.ofEpochSecond(event.getCreated());
		String type = event.getType();
		return switch (type) {
			case "checkout.session.completed" -> "paid".equals(text(object, "payment_status"))
					? session(event, PaymentEventType.PAYMENT_SUCCEEDED, object, created)
					: ignored(event, created);
			case "checkout.session.async_payment_succeeded" ->
				session(event, PaymentEventType.PAYMENT_SUCCEEDED, object, created);
			case "checkout.session.async_payment_failed" ->
				session(event, PaymentEventType.PAYMENT_FAILED, object, created);
			case "payment_intent.payment_failed" -> ours(event, PaymentEventType.PAYMENT_FAILED, metadata(object),
					text(object, "id"), object.path("amount").asLong(), text(object, "currency"), created);
			case "charge.refunded" -> new PaymentEvent(event.getId(), type, PaymentEventType.REFUND_SUCCEEDED,
					metadata(object), text(object, "payment_intent"), object.path("amount_refunded").asLong(),
					text(object, "currency"), created);
			default -> ignored(event, created);
		};
	}

	/**
	 * @param ex stripe-java's verification failure
	 * @return the reason its message names (the library has no codes, only these messages)
	 */
	static WebhookRejectedException.Reason reasonOf(SignatureVerificationException ex) {
		String message = String.valueOf(ex.getMessage());
		if (message.startsWith("Timestamp outside the tolerance zone")) {
			return WebhookRejectedException.Reason.STALE_TIMESTAMP;
		}
		if (message.startsWith("No signatures found matching the expected signature")) {
			return WebhookRejectedException.Reason.BAD_SIGNATURE;
		}
		return WebhookRejectedException.Reason.MALFORMED_SIGNATURE_HEADER;
	}

	private static PaymentEvent session(Event event, PaymentEventType type, JsonNode session, Instant created) {
		String bookingId = text(session, "client_reference_id");
		return ours(event, type, (bookingId != null) ? bookingId : metadata(session), text(session, "payment_intent"),
				session.path("amount_total").asLong(), text(session, "currency"), created);
	}

	/** A payment event without a booking id is not for a booking of ours (another product on the same account). */
	private static PaymentEvent ours(Event event, PaymentEventType type, @Nullable String bookingId,
			@Nullable String paymentId, long amount, @Nullable String currency, Instant created) {
		if (bookingId == null) {
			return ignored(event, created);
		}
		return new PaymentEvent(event.getId(), event.getType(), type, bookingId, paymentId, amount, currency, created);
	}

	private static PaymentEvent ignored(Event event, Instant created) {
		return new PaymentEvent(event.getId(), event.getType(), PaymentEventType.IGNORED, null, null, 0, null, created);
	}

	private static @Nullable String metadata(JsonNode object) {
		return text(object.path("metadata"), StripePaymentProvider.BOOKING_ID);
	}

	private static @Nullable String text(JsonNode object, String field) {
		JsonNode value = object.path(field);
		return (value.isString() && !value.asString().isBlank()) ? value.asString() : null;
	}

	private static boolean blank(@Nullable String value) {
		return value == null || value.isBlank();
	}

	private static WebhookRejectedException malformed(String detail) {
		return new WebhookRejectedException(WebhookRejectedException.Reason.MALFORMED_PAYLOAD, detail);
	}

}
