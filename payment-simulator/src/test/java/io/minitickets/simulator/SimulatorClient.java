package io.minitickets.simulator;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;

import io.minitickets.core.payment.Checkout;
import io.minitickets.core.payment.CheckoutRequest;
import io.minitickets.core.payment.PaymentProperties;
import io.minitickets.core.payment.StripePaymentProvider;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The tests' hands on a running simulator: the production Stripe adapter pointed at it, and its control API.
 */
final class SimulatorClient {

	static final String API_KEY = "sk_test_simulator_tests";

	static final String WEBHOOK_SECRET = "whsec_simulator_tests";

	private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private final URI base;

	SimulatorClient(int port) {
		this.base = URI.create("http://127.0.0.1:" + port);
	}

	StripePaymentProvider provider(String apiKey) {
		return new StripePaymentProvider(new PaymentProperties(PaymentProperties.Provider.STRIPE, apiKey, WEBHOOK_SECRET,
				this.base, Duration.ofSeconds(300), Duration.ofSeconds(2), Duration.ofSeconds(10), 0));
	}

	StripePaymentProvider provider() {
		return provider(API_KEY);
	}

	Checkout checkout(String bookingId) {
		return provider().createCheckout(request(bookingId, 4500, Instant.now().plus(Duration.ofMinutes(10))));
	}

	static CheckoutRequest request(String bookingId, long amount, Instant holdExpiresAt) {
		return new CheckoutRequest(bookingId, amount, "EUR", "Sale day <b>gala</b>",
				URI.create("http://127.0.0.1:1/paid"), URI.create("http://127.0.0.1:1/cancelled"), holdExpiresAt);
	}

	HttpResponse<String> post(String path, String json) {
		return send(HttpRequest.newBuilder(this.base.resolve(path))
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(json))
			.build());
	}

	HttpResponse<String> postForm(String path, String form) {
		return send(HttpRequest.newBuilder(this.base.resolve(path))
			.header("Content-Type", "application/x-www-form-urlencoded")
			.POST(HttpRequest.BodyPublishers.ofString(form))
			.build());
	}

	HttpResponse<String> postStripeForm(String path, String form) {
		return send(HttpRequest.newBuilder(this.base.resolve(path))
			.header("Authorization", "Bearer " + API_KEY)
			.header("Content-Type", "application/x-www-form-urlencoded")
			.POST(HttpRequest.BodyPublishers.ofString(form))
			.build());
	}

	HttpResponse<String> get(String path) {
		return send(HttpRequest.newBuilder(this.base.resolve(path)).GET().build());
	}

	HttpResponse<String> pay(Checkout checkout) {
		return post("/sim/checkout/sessions/" + checkout.checkoutId() + "/pay", "");
	}

	HttpResponse<String> decline(Checkout checkout) {
		return post("/sim/checkout/sessions/" + checkout.checkoutId() + "/decline", "");
	}

	void behave(String json) {
		HttpResponse<String> response = post("/sim/behaviour", json);
		if (response.statusCode() != 200) {
			throw new IllegalStateException("POST /sim/behaviour answered " + response.statusCode() + ": "
					+ response.body());
		}
	}

	JsonNode deliveries(String bookingId) {
		return json(get("/sim/deliveries?bookingId=" + bookingId));
	}

	static JsonNode json(HttpResponse<String> response) {
		return JSON.readTree(response.body());
	}

	private static HttpResponse<String> send(HttpRequest request) {
		try {
			return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

}
