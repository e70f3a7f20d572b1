package io.minitickets.simulator;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * The other end of the simulator's webhooks in tests: a JDK HTTP server that records every request (body, signature
 * header, arrival time) and answers the statuses it is told to, then 200.
 */
final class WebhookReceiver implements AutoCloseable {

	/**
	 * @param body the request body as sent
	 * @param signature the {@code Stripe-Signature} header
	 * @param at when it arrived
	 */
	record Received(byte[] body, String signature, Instant at) {

		boolean mentions(String text) {
			return new String(this.body, StandardCharsets.UTF_8).contains(text);
		}

	}

	private final HttpServer server;

	private final List<Received> received = new CopyOnWriteArrayList<>();

	private final Queue<Integer> statuses = new ConcurrentLinkedQueue<>();

	private WebhookReceiver(HttpServer server) {
		this.server = server;
		server.createContext("/webhook", this::handle);
		server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
		server.start();
	}

	static WebhookReceiver start() {
		try {
			return new WebhookReceiver(HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0));
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

	URI url() {
		return URI.create("http://127.0.0.1:" + this.server.getAddress().getPort() + "/webhook");
	}

	/**
	 * @param statuses what the next requests are answered, in order; 200 after them
	 */
	void answerNext(int... statuses) {
		for (int status : statuses) {
			this.statuses.add(status);
		}
	}

	/**
	 * @param text a booking id, for example
	 * @return the requests whose body mentions it, in arrival order
	 */
	List<Received> mentioning(String text) {
		return this.received.stream().filter((request) -> request.mentions(text)).toList();
	}

	private void handle(HttpExchange exchange) throws IOException {
		try (exchange; InputStream body = exchange.getRequestBody()) {
			this.received.add(new Received(body.readAllBytes(),
					String.valueOf(exchange.getRequestHeaders().getFirst("Stripe-Signature")), Instant.now()));
			Integer status = this.statuses.poll();
			exchange.sendResponseHeaders((status != null) ? status : 200, -1);
		}
	}

	@Override
	public void close() {
		this.server.stop(0);
	}

}
