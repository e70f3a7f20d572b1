package io.minitickets.simulator;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;

import io.minitickets.core.payment.Checkout;
import io.minitickets.core.payment.PaymentEvent;
import io.minitickets.core.payment.PaymentEventType;
import io.minitickets.core.payment.PaymentRefusedException;
import io.minitickets.core.payment.Refund;
import io.minitickets.core.payment.RefundRequest;
import io.minitickets.core.payment.StripePaymentProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * The production Stripe adapter, pointed at a running simulator, works end to end: checkout, the page a customer
 * clicks, pay and decline through the control API, the signed webhook the adapter verifies, and a refund issued once
 * however often it is asked for.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@Timeout(60)
class StripeAdapterOnSimulatorIntegrationTests {

	private static final WebhookReceiver receiver = WebhookReceiver.start();

	@LocalServerPort
	int port;

	private SimulatorClient simulator;

	private StripePaymentProvider provider;

	@DynamicPropertySource
	static void simulator(DynamicPropertyRegistry registry) {
		registry.add("minitickets.simulator.api-key", () -> SimulatorClient.API_KEY);
		registry.add("minitickets.simulator.webhook-secret", () -> SimulatorClient.WEBHOOK_SECRET);
		registry.add("minitickets.simulator.webhook-url", () -> receiver.url().toString());
		registry.add("minitickets.simulator.first-retry", () -> "100ms");
	}

	@AfterAll
	static void stopReceiver() {
		receiver.close();
	}

	@BeforeEach
	void connect() {
		this.simulator = new SimulatorClient(this.port);
		this.provider = this.simulator.provider();
		this.simulator.behave("{}");
	}

	@Test
	void createsOneCheckoutPerBookingAndServesThePageACustomerClicks() {
		String bookingId = UUID.randomUUID().toString();
		Instant hold = Instant.now().plus(Duration.ofMinutes(10)).truncatedTo(ChronoUnit.SECONDS);

		Checkout first = this.provider.createCheckout(SimulatorClient.request(bookingId, 4500, hold));
		Checkout retried = this.provider.createCheckout(SimulatorClient.request(bookingId, 4500, hold));

		assertThat(retried.checkoutId()).isEqualTo(first.checkoutId()).startsWith("cs_test_");
		assertThat(first.bookingId()).isEqualTo(bookingId);
		assertThat(first.expiresAt()).as("Stripe's shortest expiry is 30 min after creation")
			.isEqualTo(hold.plus(Duration.ofMinutes(31)));
		assertThat(first.url().toString()).isEqualTo("http://127.0.0.1:" + this.port + "/checkout/" + first.checkoutId());
		HttpResponse<String> page = this.simulator.get(first.url().getPath());
		assertThat(page.statusCode()).isEqualTo(200);
		assertThat(page.body()).contains("Sale day &lt;b&gt;gala&lt;/b&gt;", "4500 EUR", ">Pay</button>",
				">Decline</button>", "/sim/checkout/sessions/" + first.checkoutId() + "/pay");
	}

	@Test
	void refusesTheSameBookingsCheckoutWithOtherParametersAsStripeDoes() {
		String bookingId = UUID.randomUUID().toString();
		Instant hold = Instant.now().plus(Duration.ofMinutes(10));
		this.provider.createCheckout(SimulatorClient.request(bookingId, 4500, hold));

		assertThatExceptionOfType(PaymentRefusedException.class)
			.isThrownBy(() -> this.provider.createCheckout(SimulatorClient.request(bookingId, 9000, hold)))
			.withMessageContaining("Keys for idempotent requests can only be used with the same parameters");
	}

	@Test
	void aPaidCheckoutSendsASignedWebhookThatTheAdapterReadsAsThePayment() {
		String bookingId = UUID.randomUUID().toString();
		Checkout checkout = this.simulator.checkout(bookingId);

		assertThat(this.simulator.pay(checkout).statusCode()).isEqualTo(200);

		PaymentEvent event = onlyEventFor(bookingId);
		assertThat(event.type()).isEqualTo(PaymentEventType.PAYMENT_SUCCEEDED);
		assertThat(event.providerType()).isEqualTo("checkout.session.completed");
		assertThat(event.bookingId()).isEqualTo(bookingId);
		assertThat(event.amount()).isEqualTo(4500);
		assertThat(event.currency()).isEqualTo("eur");
		assertThat(event.paymentId()).startsWith("pi_");
		assertThat(event.eventId()).startsWith("evt_");
	}

	@Test
	void thePagesPayButtonPaysAndShowsTheWayBackToTheShop() {
		String bookingId = UUID.randomUUID().toString();
		Checkout checkout = this.simulator.checkout(bookingId);

		HttpResponse<String> page = this.simulator.postForm("/sim/checkout/sessions/" + checkout.checkoutId() + "/pay",
				"from=page");

		assertThat(page.statusCode()).isEqualTo(200);
		assertThat(page.headers().firstValue("Content-Type")).hasValueSatisfying(
				(type) -> assertThat(type).startsWith("text/html"));
		assertThat(page.body()).contains("<h1>Paid</h1>", "href=\"http://127.0.0.1:1/paid\"");
		assertThat(onlyEventFor(bookingId).type()).isEqualTo(PaymentEventType.PAYMENT_SUCCEEDED);
	}

	@Test
	void aDeclinedCheckoutSendsAFailedPaymentAndCannotBePaidAfterwards() {
		String bookingId = UUID.randomUUID().toString();
		Checkout checkout = this.simulator.checkout(bookingId);

		assertThat(this.simulator.decline(checkout).statusCode()).isEqualTo(200);

		PaymentEvent event = onlyEventFor(bookingId);
		assertThat(event.type()).isEqualTo(PaymentEventType.PAYMENT_FAILED);
		assertThat(event.providerType()).isEqualTo("checkout.session.async_payment_failed");
		HttpResponse<String> payAfterwards = this.simulator.pay(checkout);
		assertThat(payAfterwards.statusCode()).isEqualTo(409);
		assertThat(payAfterwards.headers().firstValue("Content-Type")).hasValueSatisfying(
				(type) -> assertThat(type).startsWith("application/problem+json"));
	}

	@Test
	void refundsAPaymentOnceHoweverOftenTheRefundIsAskedFor() {
		String bookingId = UUID.randomUUID().toString();
		this.simulator.pay(this.simulator.checkout(bookingId));
		PaymentEvent paid = onlyEventFor(bookingId);
		RefundRequest request = new RefundRequest(bookingId, paid.paymentId(), paid.amount());

		Refund first = this.provider.refund(request);
		Refund retried = this.provider.refund(request);

		assertThat(retried).isEqualTo(first);
		assertThat(first.refundId()).startsWith("re_");
		assertThat(first.amount()).isEqualTo(4500);
		assertThat(first.status()).isEqualTo("succeeded");
		await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(receiver.mentioning(bookingId)).hasSize(2));
		List<PaymentEvent> events = receiver.mentioning(bookingId)
			.stream()
			.map((received) -> this.provider.verifyWebhook(received.body(), received.signature()))
			.toList();
		assertThat(events).extracting(PaymentEvent::type)
			.containsExactly(PaymentEventType.PAYMENT_SUCCEEDED, PaymentEventType.REFUND_SUCCEEDED);
		assertThat(events.get(1).paymentId()).isEqualTo(paid.paymentId());
		assertThat(events.get(1).bookingId()).isEqualTo(bookingId);
		assertThatExceptionOfType(PaymentRefusedException.class).isThrownBy(
				() -> this.provider.refund(new RefundRequest("another-" + bookingId, paid.paymentId(), 1)));
	}

	@Test
	void refusesACallerWithoutTheApiKey() {
		assertThatExceptionOfType(PaymentRefusedException.class)
			.isThrownBy(() -> this.simulator.provider("sk_test_wrong")
				.createCheckout(SimulatorClient.request("b-1", 100, Instant.now())))
			.withMessageContaining("Invalid API Key");
	}

	private PaymentEvent onlyEventFor(String bookingId) {
		await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(receiver.mentioning(bookingId)).hasSize(1));
		WebhookReceiver.Received received = receiver.mentioning(bookingId).get(0);
		return this.provider.verifyWebhook(received.body(), received.signature());
	}


	/**
	 * Found by a newcomer (2026-12-03): a form with a broken percent-escape got Spring's default error body and an
	 * ERROR with a stack trace in the simulator's log; it is Stripe's {@code invalid_request_error}, as Stripe answers.
	 */
	@Test
	void aFormThatIsNotValidPercentEncodingIsStripesInvalidRequestError() {
		for (String path : List.of("/v1/checkout/sessions", "/v1/refunds")) {
			HttpResponse<String> response = this.simulator.postStripeForm(path, "%zz=1");

			assertThat(response.statusCode()).as(path).isEqualTo(400);
			assertThat(SimulatorClient.json(response).path("error").path("type").asString()).as(path)
				.isEqualTo("invalid_request_error");
		}
	}

}
