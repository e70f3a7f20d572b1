package io.minitickets.api.payment;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.micrometer.core.instrument.MeterRegistry;
import io.minitickets.api.ApiClient;
import io.minitickets.core.messaging.BookingTopics;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Invariant 7's webhook half: a webhook with a bad signature, a stale timestamp, a malformed payload, an unknown
 * booking or an amount that is not the booking's is refused (400 or 404 problem+json, counted) and records nothing on
 * {@code payments.received}; a valid one is recorded keyed by the booking's event id and answered 200; an event type
 * the flow does not act on is answered 200 and recorded nowhere.
 */
class RefusedWebhookChangesNothingIntegrationTests extends PaymentIntegrationTest {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	@Autowired
	private MeterRegistry meters;

	@Test
	void refusedWebhooksRecordNothingAndTheValidOneIsRecordedOnce() {
		long eventId = createPaidEvent(2500);
		UUID bookingId = insertBooking(eventId, newUserId(), "HELD", 5000);
		String booking = bookingId.toString();
		long now = Instant.now().getEpochSecond();
		String refusedPrefix = "evt_refused_" + UUID.randomUUID().toString().substring(0, 8);

		String otherSecret = completed(refusedPrefix + "_sig", booking, 5000, "eur");
		assertRefused(webhook(otherSecret, sign(otherSecret, "whsec_someone_else", now)), 400, "bad-signature");
		HttpResponse<String> unsigned = webhook(otherSecret, null);
		assertRefused(unsigned, 400, "bad-signature");
		assertThat(ApiClient.json(unsigned).get("detail").asString())
			.isEqualTo("Webhook refused: no Stripe-Signature header.");
		HttpResponse<String> hugeTimestamp = webhook("{}", "t=99999999999999999999999,v1=abc");
		assertRefused(hugeTimestamp, 400, "bad-signature");
		assertThat(ApiClient.json(hugeTimestamp).get("detail").asString()).as("no class named").isEqualTo(
				"Webhook refused: malformed signature header: the t= timestamp is not a whole number of seconds.");
		String stale = completed(refusedPrefix + "_stale", booking, 5000, "eur");
		assertRefused(webhook(stale, sign(stale, WEBHOOK_SECRET, now - 301)), 400, "stale-timestamp");
		String malformed = "{\"id\":\"" + refusedPrefix + "_bad\", not json";
		assertRefused(webhook(malformed, sign(malformed, WEBHOOK_SECRET, now)), 400, "malformed");
		String unknown = completed(refusedPrefix + "_unknown", UUID.randomUUID().toString(), 5000, "eur");
		assertRefused(webhook(unknown, sign(unknown, WEBHOOK_SECRET, now)), 404, "unknown-booking");
		String tooLittle = completed(refusedPrefix + "_amount", booking, 4999, "eur");
		assertRefused(webhook(tooLittle, sign(tooLittle, WEBHOOK_SECRET, now)), 400, "amount-mismatch");
		String otherCurrency = completed(refusedPrefix + "_currency", booking, 5000, "usd");
		assertRefused(webhook(otherCurrency, sign(otherCurrency, WEBHOOK_SECRET, now)), 400, "amount-mismatch");
		String ignored = """
				{"id":"%s_ignored","object":"event","created":%d,"type":"customer.created",
				 "data":{"object":{"id":"cus_1","object":"customer"}}}""".formatted(refusedPrefix, now);
		assertThat(webhook(ignored, sign(ignored, WEBHOOK_SECRET, now)).statusCode()).isEqualTo(200);

		String paid = completed("evt_paid_" + UUID.randomUUID(), booking, 5000, "eur");
		HttpResponse<String> accepted = webhook(paid, sign(paid, WEBHOOK_SECRET, now));

		assertThat(accepted.statusCode()).isEqualTo(200);
		List<ConsumerRecord<String, String>> recorded = recordsOf(bookingId);
		assertThat(recorded).as("only the valid webhook is recorded").hasSize(1);
		assertThat(recorded.getFirst().key()).isEqualTo(Long.toString(eventId));
		JsonNode payment = JSON.readTree(recorded.getFirst().value());
		assertThat(payment.get("providerEventId").asString()).startsWith("evt_paid_");
		assertThat(payment.get("succeeded").asBoolean()).isTrue();
		assertThat(payment.get("amount").asLong()).isEqualTo(5000);
		assertThat(payment.get("currency").asString()).isEqualTo("EUR");
		assertThat(payment.get("providerPaymentId").asString()).startsWith("pi_evt_paid_");
		assertThat(this.jdbc.sql("select status from bookings where id = ?").param(bookingId).query(String.class)
			.single()).as("api-service changes no booking").isEqualTo("HELD");
	}

	private void assertRefused(HttpResponse<String> response, int status, String reason) {
		assertThat(response.statusCode()).as(reason).isEqualTo(status);
		assertProblem(response, (status == 404) ? "not-found" : "invalid-request");
		assertThat(ApiClient.json(response).get("reason").asString()).isEqualTo(reason);
		assertThat(refusals(reason)).as("counted").isGreaterThanOrEqualTo(1);
	}

	private double refusals(String reason) {
		return this.meters.get("minitickets.payments.refused").tag("reason", reason).counter().count();
	}

	private HttpResponse<String> webhook(String payload, String signature) {
		return (signature != null) ? this.api.send("POST", "/api/payments/webhook", payload, "Stripe-Signature", signature)
				: this.api.send("POST", "/api/payments/webhook", payload);
	}

	/**
	 * Reads {@code payments.received} from the start until the valid webhook's record of the booking is seen: the
	 * refused ones were sent before it, so any record of theirs would come first (one partition in these tests).
	 */
	private List<ConsumerRecord<String, String>> recordsOf(UUID bookingId) {
		Map<String, Object> props = Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafkaBootstrapServers(),
				ConsumerConfig.GROUP_ID_CONFIG, "test-" + UUID.randomUUID(), ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
				"earliest", ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class,
				ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
		List<ConsumerRecord<String, String>> found = new ArrayList<>();
		try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(props)) {
			consumer.subscribe(List.of(BookingTopics.PAYMENTS_RECEIVED));
			Instant deadline = Instant.now().plusSeconds(60);
			while (Instant.now().isBefore(deadline)) {
				for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(200))) {
					JsonNode value = JSON.readTree(record.value());
					if (bookingId.toString().equals(value.path("bookingId").asString())) {
						found.add(record);
						if (value.path("providerEventId").asString().startsWith("evt_paid_")) {
							return found;
						}
					}
				}
			}
		}
		throw new AssertionError("the valid payment of " + bookingId + " never appeared");
	}

}
