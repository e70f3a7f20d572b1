package io.minitickets.simulator.webhook;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

import io.minitickets.simulator.stripe.StripeIds;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;

/**
 * One Stripe event, its body fixed once: every attempt and every duplicate of it sends the same bytes.
 *
 * @param id {@code evt_…}
 * @param type for example {@code checkout.session.completed}
 * @param bookingId the booking the object names ({@code client_reference_id} or {@code metadata.booking_id}); null
 * when none
 * @param body the event's JSON
 */
record WebhookEvent(String id, String type, @Nullable String bookingId, byte[] body) {

	/** The API version the simulator's objects are shaped after. */
	static final String API_VERSION = "2025-03-31.basil";

	private static final JsonMapper JSON = JsonMapper.builder().build();

	/**
	 * @param type the event type
	 * @param object the event's {@code data.object}
	 * @param createdAt when it happened
	 * @return the event, with a new id
	 */
	static WebhookEvent of(String type, Map<String, Object> object, Instant createdAt) {
		String id = StripeIds.next("evt");
		Map<String, Object> request = new LinkedHashMap<>();
		request.put("id", null);
		request.put("idempotency_key", null);
		Map<String, Object> event = new LinkedHashMap<>();
		event.put("id", id);
		event.put("object", "event");
		event.put("api_version", API_VERSION);
		event.put("created", createdAt.getEpochSecond());
		event.put("data", Map.of("object", object));
		event.put("livemode", false);
		event.put("pending_webhooks", 1);
		event.put("request", request);
		event.put("type", type);
		return new WebhookEvent(id, type, bookingId(object), JSON.writeValueAsBytes(event));
	}

	private static @Nullable String bookingId(Map<String, Object> object) {
		if (object.get("client_reference_id") instanceof String reference) {
			return reference;
		}
		return (object.get("metadata") instanceof Map<?, ?> metadata && metadata.get("booking_id") instanceof String id)
				? id : null;
	}

}
