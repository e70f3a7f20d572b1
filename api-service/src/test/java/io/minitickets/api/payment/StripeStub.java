package io.minitickets.api.payment;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * A real HTTP server answering the one call of Stripe's contract that api-service makes, {@code POST
 * /v1/checkout/sessions}, with a Stripe-shaped session whose id is derived from the Idempotency-Key (so the same key
 * gets the same session, as at Stripe), or with 503 while {@link #down} is set. The payment simulator speaks the whole
 * contract, but it is a Spring Boot application whose auto-configuration would start inside api-service's test JVM
 * with api-service's classpath (JDBC, Flyway, Kafka); this stub keeps the production adapter on a real socket.
 */
final class StripeStub {

	private final HttpServer server;

	private final List<String> idempotencyKeys = new CopyOnWriteArrayList<>();

	volatile boolean down;

	StripeStub() {
		try {
			this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
		this.server.createContext("/v1/checkout/sessions", this::createSession);
		this.server.start();
	}

	String base() {
		return "http://127.0.0.1:" + this.server.getAddress().getPort();
	}

	/**
	 * @return the Idempotency-Key of every checkout asked for, in order
	 */
	List<String> idempotencyKeys() {
		return this.idempotencyKeys;
	}

	private void createSession(HttpExchange exchange) throws IOException {
		exchange.getRequestBody().readAllBytes();
		if (this.down) {
			send(exchange, 503, "{\"error\":{\"type\":\"api_error\",\"message\":\"stub down\"}}");
			return;
		}
		String key = exchange.getRequestHeaders().getFirst("Idempotency-Key");
		this.idempotencyKeys.add(key);
		String id = "cs_test_" + key.replace("-", "");
		send(exchange, 200, """
				{"id":"%s","object":"checkout.session","url":"%s/pay/%s","expires_at":%d,"status":"open"}"""
			.formatted(id, base(), id, Instant.now().plusSeconds(3600).getEpochSecond()));
	}

	private static void send(HttpExchange exchange, int status, String json) throws IOException {
		byte[] body = json.getBytes(StandardCharsets.UTF_8);
		exchange.getResponseHeaders().set("Content-Type", "application/json");
		exchange.sendResponseHeaders(status, body.length);
		exchange.getResponseBody().write(body);
		exchange.close();
	}

}
