package io.minitickets.worker.payment;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * A real HTTP server answering Stripe's {@code POST /v1/refunds} as Stripe does for the worker: one refund per
 * Idempotency-Key (a repeated key gets the first refund back, not a second one), or 503 while {@link #down} is set.
 * The payment simulator would refund only a payment made through its own paid checkout, and it is a Spring Boot
 * application that would start with the worker's auto-configuration (JDBC, Flyway, Kafka) in this JVM; this stub keeps
 * the production adapter on a real socket and counts what the provider issued.
 */
public final class RefundStub {

	private final HttpServer server;

	private final Map<String, String> refundsByKey = new ConcurrentHashMap<>();

	private final List<String> calls = new CopyOnWriteArrayList<>();

	public volatile boolean down;

	public RefundStub() {
		try {
			this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
		this.server.createContext("/v1/refunds", this::refund);
		this.server.start();
	}

	public String base() {
		return "http://127.0.0.1:" + this.server.getAddress().getPort();
	}

	/**
	 * Points the worker's payment adapter at this stub, with the tests' key and webhook secret and no retries of the
	 * adapter's own (a failed refund is the refund retrier's to try again).
	 * @param registry a test class's {@code @DynamicPropertySource} registry
	 */
	public void register(DynamicPropertyRegistry registry) {
		registry.add("minitickets.payment.api-key", () -> "sk_test_worker_tests");
		registry.add("minitickets.payment.webhook-secret", () -> "whsec_worker_tests");
		registry.add("minitickets.payment.api-base", this::base);
		registry.add("minitickets.payment.max-network-retries", () -> "0");
	}

	/**
	 * @return the refunds issued, by idempotency key (a key asked for again is still one refund)
	 */
	public Map<String, String> issued() {
		return this.refundsByKey;
	}

	/**
	 * @return the Idempotency-Key of every call, failed ones included
	 */
	public List<String> calls() {
		return this.calls;
	}

	private void refund(HttpExchange exchange) throws IOException {
		String form = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
		String key = exchange.getRequestHeaders().getFirst("Idempotency-Key");
		this.calls.add(key);
		if (this.down) {
			send(exchange, 503, "{\"error\":{\"type\":\"api_error\",\"message\":\"stub down\"}}");
			return;
		}
		Map<String, String> params = new ConcurrentHashMap<>();
		for (String pair : form.split("&")) {
			String[] parts = pair.split("=", 2);
			if (parts.length == 2) {
				params.put(URLDecoder.decode(parts[0], StandardCharsets.UTF_8),
						URLDecoder.decode(parts[1], StandardCharsets.UTF_8));
			}
		}
		String id = this.refundsByKey.computeIfAbsent(key, (any) -> "re_" + (this.refundsByKey.size() + 1));
		send(exchange, 200, """
				{"id":"%s","object":"refund","amount":%s,"currency":"eur","payment_intent":"%s","status":"succeeded"}"""
			.formatted(id, params.get("amount"), params.get("payment_intent")));
	}

	private static void send(HttpExchange exchange, int status, String json) throws IOException {
		byte[] body = json.getBytes(StandardCharsets.UTF_8);
		exchange.getResponseHeaders().set("Content-Type", "application/json");
		exchange.sendResponseHeaders(status, body.length);
		exchange.getResponseBody().write(body);
		exchange.close();
	}

}
