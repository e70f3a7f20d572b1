package io.minitickets.api.payment;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HexFormat;
import java.util.UUID;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import io.minitickets.api.ApiClient;
import io.minitickets.api.ApiIntegrationTest;

import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The set-up of the payment endpoints' tests: api-service with the Stripe adapter pointed at {@link StripeStub}, a
 * known webhook secret, and helpers to make a paid event's bookings in Postgres and to sign webhooks as Stripe does.
 */
abstract class PaymentIntegrationTest extends ApiIntegrationTest {

	static final String WEBHOOK_SECRET = "whsec_api_tests";

	static final StripeStub STRIPE = new StripeStub();

	@DynamicPropertySource
	static void payments(DynamicPropertyRegistry registry) {
		registry.add("minitickets.payment.api-key", () -> "sk_test_api_tests");
		registry.add("minitickets.payment.webhook-secret", () -> WEBHOOK_SECRET);
		registry.add("minitickets.payment.api-base", STRIPE::base);
		registry.add("minitickets.payment.max-network-retries", () -> "0");
	}

	/**
	 * @param price minor units per seat
	 * @return an open event with that price in EUR
	 */
	long createPaidEvent(long price) {
		long eventId = createOpenEvent(10);
		this.jdbc.sql("update events set price = ?, currency = 'EUR' where id = ?").params(price, eventId).update();
		return eventId;
	}

	/**
	 * Inserts a settled booking as the worker would have written it.
	 * @param eventId its event (paid, EUR)
	 * @param userId its owner
	 * @param status HELD, EXPIRED, CONFIRMED...
	 * @param amount what it costs in cents
	 * @return its id
	 */
	UUID insertBooking(long eventId, long userId, String status, long amount) {
		UUID bookingId = UUID.randomUUID();
		this.jdbc.sql("""
				insert into bookings (id, event_id, user_id, quantity, status, gated, requested_at, hold_expires_at,
				                      amount, currency)
				values (?, ?, ?, 2, ?, true, now(), now() + interval '10 minutes', ?, 'EUR')""")
			.params(bookingId, eventId, userId, status, amount)
			.update();
		return bookingId;
	}

	static void assertProblem(HttpResponse<String> response, String type) {
		assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(
				(contentType) -> assertThat(contentType).startsWith("application/problem+json"));
		assertThat(ApiClient.json(response).get("type").asString()).endsWith("/problems/" + type);
	}

	static long newUserId() {
		return Math.abs(UUID.randomUUID().getMostSignificantBits() % 1_000_000_000L) + 1;
	}

	/**
	 * @param eventId the provider's event id
	 * @param bookingId the booking it pays
	 * @param amount cents paid
	 * @param currency lower case, as Stripe sends it
	 * @return a {@code checkout.session.completed} event, paid
	 */
	static String completed(String eventId, String bookingId, long amount, String currency) {
		return """
				{"id":"%s","object":"event","created":%d,"type":"checkout.session.completed",
				 "data":{"object":{"id":"cs_test_%s","object":"checkout.session","amount_total":%d,"currency":"%s",
				  "client_reference_id":"%s","metadata":{"booking_id":"%s"},"mode":"payment",
				  "payment_intent":"pi_%s","payment_status":"paid","status":"complete"}}}"""
			.formatted(eventId, Instant.now().getEpochSecond(), eventId, amount, currency, bookingId, bookingId,
					eventId);
	}

	/** {@code t=<timestamp>,v1=<hex HMAC-SHA256 of "<timestamp>.<payload>">}, Stripe's scheme. */
	static String sign(String payload, String secret, long timestamp) {
		try {
			Mac mac = Mac.getInstance("HmacSHA256");
			mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
			mac.update((timestamp + ".").getBytes(StandardCharsets.UTF_8));
			return "t=" + timestamp + ",v1="
					+ HexFormat.of().formatHex(mac.doFinal(payload.getBytes(StandardCharsets.UTF_8)));
		}
		catch (java.security.GeneralSecurityException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
