package io.minitickets.core.payment;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import io.minitickets.core.payment.WebhookRejectedException.Reason;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The Stripe adapter verifies and reads webhooks on signed fixtures: Stripe-shaped event payloads, signed here with
 * HMAC-SHA256 over {@code <timestamp>.<body>} as Stripe does ({@code Stripe-Signature: t=…,v1=…}). No network.
 *
 * @see <a href="https://docs.stripe.com/webhooks#verify-manually">Stripe: verify the signature manually</a>
 */
class StripePaymentProviderWebhookTests {

	private static final String SECRET = "whsec_test_6f1d0c9e8b7a";

	private final PaymentProvider provider = new StripePaymentProvider(properties(SECRET));

	@Test
	void readsACompletedPaidCheckoutAsAPaymentForItsBooking() {
		byte[] payload = fixture("checkout.session.completed");

		PaymentEvent event = this.provider.verifyWebhook(payload, sign(payload, SECRET, now()));

		assertThat(event).isEqualTo(new PaymentEvent("evt_1QxCompletedA1b2C3d4E5f6", "checkout.session.completed",
				PaymentEventType.PAYMENT_SUCCEEDED, "5f0c6a2e-2d3b-4c1e-9a7f-1b2c3d4e5f60",
				"pi_3QxPaidA1b2C3d4E5f6G7h8", 4500, "eur", Instant.ofEpochSecond(1764750000)));
	}

	@Test
	void readsAFailedAsyncCheckoutPaymentAsAFailedPayment() {
		byte[] payload = fixture("checkout.session.async_payment_failed");

		PaymentEvent event = this.provider.verifyWebhook(payload, sign(payload, SECRET, now()));

		assertThat(event.type()).isEqualTo(PaymentEventType.PAYMENT_FAILED);
		assertThat(event.bookingId()).isEqualTo("7a1d2e3f-4b5c-4d6e-8f90-a1b2c3d4e5f6");
		assertThat(event.paymentId()).isEqualTo("pi_3QxDeclinedB2c3D4e5F6");
		assertThat(event.amount()).isEqualTo(9000);
	}

	@Test
	void readsADeclinedPaymentIntentByTheBookingIdInItsMetadata() {
		byte[] payload = fixture("payment_intent.payment_failed");

		PaymentEvent event = this.provider.verifyWebhook(payload, sign(payload, SECRET, now()));

		assertThat(event).isEqualTo(new PaymentEvent("evt_3QxIntentFailedC3d4E5f6", "payment_intent.payment_failed",
				PaymentEventType.PAYMENT_FAILED, "0b9c8d7e-6f5a-4b3c-2d1e-0f9a8b7c6d5e", "pi_3QxCardDeclinedC3d4E5f6",
				2500, "usd", Instant.ofEpochSecond(1764750120)));
	}

	@Test
	void readsARefundedChargeAsARefundOfItsPayment() {
		byte[] payload = fixture("charge.refunded");

		PaymentEvent event = this.provider.verifyWebhook(payload, sign(payload, SECRET, now()));

		assertThat(event).isEqualTo(new PaymentEvent("evt_3QxRefundedD4e5F6g7", "charge.refunded",
				PaymentEventType.REFUND_SUCCEEDED, "5f0c6a2e-2d3b-4c1e-9a7f-1b2c3d4e5f60", "pi_3QxPaidA1b2C3d4E5f6G7h8",
				4500, "eur", Instant.ofEpochSecond(1764753600)));
	}

	@Test
	void ignoresAnEventTypeItDoesNotActOnWithoutRejectingIt() {
		byte[] payload = fixture("customer.created");

		PaymentEvent event = this.provider.verifyWebhook(payload, sign(payload, SECRET, now()));

		assertThat(event.type()).isEqualTo(PaymentEventType.IGNORED);
		assertThat(event.eventId()).isEqualTo("evt_1QxCustomerE5f6G7h8");
		assertThat(event.bookingId()).isNull();
	}

	@Test
	void ignoresACompletedCheckoutWhosePaymentIsStillProcessing() {
		byte[] payload = new String(fixture("checkout.session.completed"), StandardCharsets.UTF_8)
			.replace("\"payment_status\": \"paid\"", "\"payment_status\": \"unpaid\"")
			.getBytes(StandardCharsets.UTF_8);

		PaymentEvent event = this.provider.verifyWebhook(payload, sign(payload, SECRET, now()));

		assertThat(event.type()).isEqualTo(PaymentEventType.IGNORED);
	}

	@Test
	void rejectsATamperedBody() {
		byte[] signed = fixture("checkout.session.completed");
		String header = sign(signed, SECRET, now());
		byte[] tampered = new String(signed, StandardCharsets.UTF_8).replace("4500", "1")
			.getBytes(StandardCharsets.UTF_8);

		assertRejected(tampered, header, Reason.BAD_SIGNATURE);
	}

	@Test
	void rejectsAPayloadSignedWithAnotherSecret() {
		byte[] payload = fixture("checkout.session.completed");

		assertRejected(payload, sign(payload, "whsec_someone_else", now()), Reason.BAD_SIGNATURE);
	}

	@Test
	void rejectsASignatureOlderThanTheToleranceOfFiveMinutes() {
		byte[] payload = fixture("checkout.session.completed");

		assertRejected(payload, sign(payload, SECRET, now() - 301), Reason.STALE_TIMESTAMP);
	}

	@Test
	void acceptsASignatureJustInsideTheTolerance() {
		byte[] payload = fixture("checkout.session.completed");

		assertThat(this.provider.verifyWebhook(payload, sign(payload, SECRET, now() - 290)).type())
			.isEqualTo(PaymentEventType.PAYMENT_SUCCEEDED);
	}

	@Test
	void acceptsAHeaderSignedWithTheOldAndTheNewSecretWhileTheSecretIsRolled() {
		byte[] payload = fixture("checkout.session.completed");
		long now = now();
		String both = sign(payload, "whsec_old_one", now) + "," + sign(payload, SECRET, now).split(",")[1];

		assertThat(this.provider.verifyWebhook(payload, both).type()).isEqualTo(PaymentEventType.PAYMENT_SUCCEEDED);
	}

	@Test
	void rejectsARequestWithoutASignatureHeader() {
		byte[] payload = fixture("checkout.session.completed");

		assertRejected(payload, null, Reason.MISSING_SIGNATURE);
		assertRejected(payload, " ", Reason.MISSING_SIGNATURE);
	}

	@Test
	void rejectsAGarbageSignatureHeader() {
		byte[] payload = fixture("checkout.session.completed");

		assertRejected(payload, "garbage", Reason.MALFORMED_SIGNATURE_HEADER);
		assertRejected(payload, "t=yesterday,v1=abc", Reason.MALFORMED_SIGNATURE_HEADER);
		assertRejected(payload, "t=" + now(), Reason.MALFORMED_SIGNATURE_HEADER);
		assertRejected(payload, "t,v1", Reason.MALFORMED_SIGNATURE_HEADER);
	}

	@Test
	void aRejectedHeaderIsToldInOneSentenceNamingNoClass() {
		byte[] payload = fixture("checkout.session.completed");

		assertThat(rejection(payload, null)).isEqualTo("no Stripe-Signature header");
		assertThat(rejection(payload, "t=99999999999999999999999,v1=abc"))
			.isEqualTo("malformed signature header: the t= timestamp is not a whole number of seconds");
		assertThat(rejection(payload, "t=yesterday,v1=abc"))
			.isEqualTo("malformed signature header: the t= timestamp is not a whole number of seconds");
		assertThat(rejection(payload, "t=" + now() + ",v1"))
			.isEqualTo("malformed signature header: its v1 item has no '=' and no value");
	}

	@Test
	void rejectsACorrectlySignedPayloadThatIsNoEvent() {
		byte[] notJson = "{\"id\": \"evt_1\", ".getBytes(StandardCharsets.UTF_8);
		byte[] noObject = "{\"id\":\"evt_1\",\"object\":\"event\",\"type\":\"checkout.session.completed\",\"created\":1}"
			.getBytes(StandardCharsets.UTF_8);

		assertRejected(notJson, sign(notJson, SECRET, now()), Reason.MALFORMED_PAYLOAD);
		assertRejected(noObject, sign(noObject, SECRET, now()), Reason.MALFORMED_PAYLOAD);
	}

	private void assertRejected(byte[] payload, String header, Reason reason) {
		assertThatExceptionOfType(WebhookRejectedException.class)
			.isThrownBy(() -> this.provider.verifyWebhook(payload, header))
			.satisfies((rejected) -> assertThat(rejected.reason()).isEqualTo(reason));
	}

	private String rejection(byte[] payload, String header) {
		try {
			this.provider.verifyWebhook(payload, header);
		}
		catch (WebhookRejectedException ex) {
			return ex.getMessage();
		}
		throw new AssertionError("accepted: " + header);
	}

	/** {@code t=<timestamp>,v1=<hex HMAC-SHA256 of "<timestamp>.<payload>">}, Stripe's scheme. */
	static String sign(byte[] payload, String secret, long timestamp) {
		try {
			Mac mac = Mac.getInstance("HmacSHA256");
			mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
			mac.update((timestamp + ".").getBytes(StandardCharsets.UTF_8));
			return "t=" + timestamp + ",v1=" + HexFormat.of().formatHex(mac.doFinal(payload));
		}
		catch (java.security.GeneralSecurityException ex) {
			throw new IllegalStateException(ex);
		}
	}

	static PaymentProperties properties(String webhookSecret) {
		return new PaymentProperties(PaymentProperties.Provider.STRIPE, "sk_test_fixtures", webhookSecret,
				URI.create("http://127.0.0.1:9"), Duration.ofSeconds(300), Duration.ofSeconds(5),
				Duration.ofSeconds(20), 0);
	}

	private static long now() {
		return Instant.now().getEpochSecond();
	}

	private static byte[] fixture(String type) {
		try (InputStream in = StripePaymentProviderWebhookTests.class.getResourceAsStream("/payment/" + type + ".json")) {
			return in.readAllBytes();
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
