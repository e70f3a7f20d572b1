package io.minitickets.localstack.chaos;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.StreamSupport;

import io.minitickets.localstack.stack.StackException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The payment simulator's control API ({@code /sim}, README "The payment simulator"), as a customer's browser and a
 * fault row use it: pay a checkout, script the webhooks, list what was delivered, deliver an event again.
 */
public final class SimulatorControl {

	private static final Duration TIMEOUT = Duration.ofSeconds(10);

	private final JsonMapper json = JsonMapper.builder().build();

	private final HttpClient http;

	private final URI base;

	/**
	 * @param http the client to send with
	 * @param base the simulator's URL, for example {@code http://127.0.0.1:20513}
	 */
	public SimulatorControl(HttpClient http, URI base) {
		this.http = http;
		this.base = base;
	}

	/**
	 * {@code POST /sim/checkout/sessions/{id}/pay}: the customer pays; the simulator sends the signed webhook.
	 * @param checkoutId the checkout's id
	 * @return true when the simulator took the payment (200)
	 */
	public boolean pay(String checkoutId) {
		return post("/sim/checkout/sessions/" + checkoutId + "/pay", "") == 200;
	}

	/**
	 * {@code POST /sim/behaviour}.
	 * @param behaviour the behaviour's JSON, for example {@code {"delayMs": 1500}}; {@code {}} restores normal delivery
	 * @throws StackException when it is not answered 200
	 */
	void behave(String behaviour) {
		int status = post("/sim/behaviour", behaviour);
		if (status != 200) {
			throw new StackException("POST /sim/behaviour answered " + status);
		}
	}

	/**
	 * @param bookingId a booking
	 * @return the id of the {@code checkout.session.completed} event delivered (2xx) for it, if any
	 */
	Optional<String> deliveredPayment(String bookingId) {
		return deliveries(bookingId).stream()
			.filter((delivery) -> delivery.path("type").asString("").equals("checkout.session.completed")
					&& delivery.path("state").asString("").equals("DELIVERED"))
			.map((delivery) -> delivery.path("eventId").asString())
			.findFirst();
	}

	/**
	 * @param bookingId a booking
	 * @param eventId an event id
	 * @return how many deliveries of that event api-service answered 2xx
	 */
	long delivered(String bookingId, String eventId) {
		return deliveries(bookingId).stream()
			.filter((delivery) -> delivery.path("eventId").asString("").equals(eventId)
					&& delivery.path("state").asString("").equals("DELIVERED"))
			.count();
	}

	/**
	 * {@code POST /sim/events/{id}/replay}: the event delivered once more, signed afresh.
	 * @param eventId the event
	 * @return true when the simulator accepted (202)
	 */
	boolean replay(String eventId) {
		return post("/sim/events/" + eventId + "/replay", "") == 202;
	}

	private List<JsonNode> deliveries(String bookingId) {
		HttpRequest request = HttpRequest.newBuilder(this.base.resolve("/sim/deliveries?bookingId=" + bookingId))
			.timeout(TIMEOUT)
			.GET()
			.build();
		String body = send(request).body();
		return StreamSupport.stream(this.json.readTree(body).spliterator(), false).toList();
	}

	private int post(String path, String body) {
		return send(HttpRequest.newBuilder(this.base.resolve(path))
			.timeout(TIMEOUT)
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(body))
			.build()).statusCode();
	}

	private HttpResponse<String> send(HttpRequest request) {
		try {
			return this.http.send(request, HttpResponse.BodyHandlers.ofString());
		}
		catch (IOException ex) {
			throw new StackException(request.method() + " " + request.uri() + " failed: " + ex, ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new StackException("Interrupted during " + request.method() + " " + request.uri(), ex);
		}
	}

}
