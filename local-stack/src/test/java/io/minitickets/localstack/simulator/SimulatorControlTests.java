package io.minitickets.localstack.simulator;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.minitickets.localstack.stack.StackException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * {@link SimulatorControl} against a plain HTTP server that answers as the payment simulator's {@code /sim} API does
 * (README "The payment simulator"): the one client that the load run, the demo and the fault rows share.
 */
class SimulatorControlTests {

	private static final String DELIVERIES = """
			[{"id":"dlv_1","eventId":"evt_1","type":"checkout.session.completed","bookingId":"b1","state":"DELIVERED"},
			 {"id":"dlv_2","eventId":"evt_1","type":"checkout.session.completed","bookingId":"b1","state":"DELIVERED"},
			 {"id":"dlv_3","eventId":"evt_2","type":"charge.refunded","bookingId":null,"state":"PENDING"}]""";

	private HttpServer server;

	private final Map<String, String> requests = new ConcurrentHashMap<>();

	@BeforeEach
	void start() throws IOException {
		this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		this.server.createContext("/sim/deliveries", (exchange) -> answer(exchange, (request) -> 200, DELIVERIES));
		this.server.createContext("/sim/checkout/sessions/",
				(exchange) -> answer(exchange, (request) -> request.contains("cs_paid") ? 200 : 409, "{}"));
		this.server.createContext("/sim/events/", (exchange) -> answer(exchange, (request) -> 202, "{}"));
		this.server.createContext("/sim/behaviour",
				(exchange) -> answer(exchange, (request) -> request.contains("bogus") ? 400 : 200, "{}"));
		this.server.start();
	}

	@AfterEach
	void stop() {
		this.server.stop(0);
	}

	@Test
	void listsEveryDeliveryAndABookingOnlyWhereTheEventNamesOne() {
		try (HttpClient http = HttpClient.newHttpClient()) {
			List<SimulatorControl.Delivery> deliveries = control(http).deliveries();

			assertThat(deliveries).extracting(SimulatorControl.Delivery::eventId).containsExactly("evt_1", "evt_1",
					"evt_2");
			assertThat(deliveries.get(2).bookingId()).isNull();
			assertThat(deliveries.get(2).state()).isEqualTo("PENDING");
			assertThat(this.requests).containsEntry("GET /sim/deliveries", "");
		}
	}

	@Test
	void findsABookingsDeliveredPaymentAndCountsItsDeliveries() {
		try (HttpClient http = HttpClient.newHttpClient()) {
			SimulatorControl control = control(http);

			assertThat(control.deliveredPayment("b1")).contains("evt_1");
			assertThat(control.delivered("b1", "evt_1")).isEqualTo(2);
			assertThat(control.delivered("b1", "evt_2")).isZero();
			assertThat(this.requests).containsEntry("GET /sim/deliveries?bookingId=b1", "");
		}
	}

	@Test
	void saysWhetherThePaymentAndTheReplayWereTaken() {
		try (HttpClient http = HttpClient.newHttpClient()) {
			SimulatorControl control = control(http);

			assertThat(control.pay("cs_paid")).isTrue();
			assertThat(control.pay("cs_unknown")).isFalse();
			assertThat(control.replay("evt_1")).isTrue();
			assertThat(this.requests).containsKey("POST /sim/events/evt_1/replay");
		}
	}

	@Test
	void sendsTheBehaviourAndThrowsWhenItIsNotTaken() {
		try (HttpClient http = HttpClient.newHttpClient()) {
			SimulatorControl control = control(http);

			control.behaveNormally();
			assertThat(this.requests).containsEntry("POST /sim/behaviour", "{}");
			assertThatExceptionOfType(StackException.class).isThrownBy(() -> control.behave("{\"bogus\": 1}"))
				.withMessageContaining("answered 400");
		}
	}

	private SimulatorControl control(HttpClient http) {
		return new SimulatorControl(http, URI.create("http://127.0.0.1:" + this.server.getAddress().getPort()));
	}

	/** Records the request (method, path and query, and body), then answers with the status chosen from both. */
	private void answer(HttpExchange exchange, Function<String, Integer> status, String body) throws IOException {
		String query = exchange.getRequestURI().getRawQuery();
		String request = exchange.getRequestMethod() + " " + exchange.getRequestURI().getPath()
				+ ((query != null) ? "?" + query : "");
		String requestBody = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
		this.requests.put(request, requestBody);
		byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
		exchange.getResponseHeaders().add("Content-Type", "application/json");
		exchange.sendResponseHeaders(status.apply(request + " " + requestBody), bytes.length);
		exchange.getResponseBody().write(bytes);
		exchange.close();
	}

}
