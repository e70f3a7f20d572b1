package io.minitickets.loadtests.chaos;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.minitickets.loadtests.client.ApiClient;
import io.minitickets.localstack.chaos.FaultKind;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link RoundPayments} against a plain HTTP server that answers as api-service does: the paying probe books one seat
 * at a time, keeps every booking request as an {@link Answer} of its phase (as {@link RoundProbe} does), and holds
 * the first booking accepted once it is HELD.
 */
class RoundPaymentsTests {

	private HttpServer server;

	@AfterEach
	void stop() {
		this.server.stop(0);
	}

	@Test
	void keepsEveryBookingRequestOfThePhaseAndHoldsTheFirstAccepted() throws IOException {
		AtomicInteger requests = new AtomicInteger();
		this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		this.server.createContext("/api/events/7/bookings", (exchange) -> {
			if (requests.incrementAndGet() == 1) {
				answer(exchange, 409, "{\"status\":409}");
			}
			else {
				answer(exchange, 202, "{\"bookingId\":\"b2\"}");
			}
		});
		this.server.createContext("/api/bookings/b2",
				(exchange) -> answer(exchange, 200, "{\"status\":\"HELD\",\"payment\":{\"state\":\"NONE\"}}"));
		this.server.start();

		try (HttpClient http = HttpClient.newHttpClient()) {
			RoundPayments payments = new RoundPayments(
					new ApiClient(http, URI.create("http://127.0.0.1:" + this.server.getAddress().getPort())), "token",
					7, FaultKind.WORKER_KILL);

			assertThat(payments.hold()).isEqualTo("b2");
			assertThat(payments.answers()).containsExactly(new Answer(FaultKind.WORKER_KILL, 7, 1, 409, null),
					new Answer(FaultKind.WORKER_KILL, 7, 1, 202, "b2"));
		}
	}

	private static void answer(HttpExchange exchange, int status, String body) throws IOException {
		exchange.getRequestBody().readAllBytes();
		byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
		exchange.getResponseHeaders().add("Content-Type", "application/json");
		exchange.sendResponseHeaders(status, bytes.length);
		exchange.getResponseBody().write(bytes);
		exchange.close();
	}

}
