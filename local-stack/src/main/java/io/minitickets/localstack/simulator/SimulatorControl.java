package io.minitickets.localstack.simulator;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import io.minitickets.localstack.stack.StackException;

/**
 * The payment simulator's control API ({@code /sim}, no key; README "The payment simulator"), as a customer's
 * browser, a load run and a fault row use it: pay a checkout, script the webhooks, list what was delivered, deliver
 * an event again.
 */
public final class SimulatorControl {

	private static final Duration TIMEOUT = Duration.ofSeconds(30);

	private static final String PAYMENT_EVENT = "checkout.session.completed";

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
	 * @return true when the simulator took the payment (200), false for any other answer
	 * @throws StackException when the simulator cannot be reached
	 */
	public boolean pay(String checkoutId) {
		return post("/sim/checkout/sessions/" + checkoutId + "/pay", "").statusCode() == 200;
	}

	/**
	 * {@code POST /sim/behaviour}: how the following webhooks are delivered.
	 * @param behaviour the behaviour's JSON, for example {@code {"delayMs": 1500}}; {@code {}} restores normal delivery
	 * @throws StackException when it is not answered 200 or the simulator cannot be reached
	 */
	public void behave(String behaviour) {
		HttpResponse<String> response = post("/sim/behaviour", behaviour);
		if (response.statusCode() != 200) {
			throw new StackException("POST /sim/behaviour at " + this.base + " answered " + response.statusCode()
					+ ": " + response.body());
		}
	}

	/**
	 * {@code POST /sim/behaviour {}}: deliver as usual again (which also releases an event held back for reordering).
	 * @throws StackException when it is not answered 200 or the simulator cannot be reached
	 */
	public void behaveNormally() {
		behave("{}");
	}

	/**
	 * {@code GET /sim/deliveries}: every delivery, oldest first.
	 * @return the deliveries
	 * @throws StackException when it is not answered 200 with a JSON array
	 */
	public List<Delivery> deliveries() {
		return deliveries("/sim/deliveries");
	}

	/**
	 * @param bookingId a booking
	 * @return the id of the {@code checkout.session.completed} event delivered (2xx) for it, if any
	 * @throws StackException when the deliveries cannot be listed
	 */
	public Optional<String> deliveredPayment(String bookingId) {
		return deliveriesOf(bookingId).stream()
			.filter((delivery) -> PAYMENT_EVENT.equals(delivery.type()) && delivery.delivered())
			.map(Delivery::eventId)
			.findFirst();
	}

	/**
	 * @param bookingId a booking
	 * @param eventId an event id
	 * @return how many deliveries of that event api-service answered 2xx
	 * @throws StackException when the deliveries cannot be listed
	 */
	public long delivered(String bookingId, String eventId) {
		return deliveriesOf(bookingId).stream()
			.filter((delivery) -> delivery.eventId().equals(eventId) && delivery.delivered())
			.count();
	}

	/**
	 * {@code POST /sim/events/{id}/replay}: the event delivered once more, signed afresh.
	 * @param eventId the event
	 * @return true when the simulator accepted (202), false for any other answer (404: no such event)
	 * @throws StackException when the simulator cannot be reached
	 */
	public boolean replay(String eventId) {
		return post("/sim/events/" + eventId + "/replay", "").statusCode() == 202;
	}

	private List<Delivery> deliveriesOf(String bookingId) {
		return deliveries("/sim/deliveries?bookingId=" + bookingId);
	}

	private List<Delivery> deliveries(String path) {
		HttpResponse<String> response = send(HttpRequest.newBuilder(this.base.resolve(path)).GET());
		if (response.statusCode() != 200) {
			throw new StackException("GET " + path + " at " + this.base + " answered " + response.statusCode() + ": "
					+ response.body());
		}
		List<Delivery> deliveries = new ArrayList<>();
		try {
			for (JsonNode delivery : this.json.readTree(response.body())) {
				JsonNode bookingId = delivery.path("bookingId");
				deliveries.add(new Delivery(delivery.path("eventId").asString(), delivery.path("type").asString(""),
						bookingId.isString() ? bookingId.asString() : null, delivery.path("state").asString("")));
			}
		}
		catch (JacksonException ex) {
			throw new StackException("GET " + path + " at " + this.base + " answered no JSON: " + ex, ex);
		}
		return deliveries;
	}

	private HttpResponse<String> post(String path, String body) {
		return send(HttpRequest.newBuilder(this.base.resolve(path))
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(body)));
	}

	private HttpResponse<String> send(HttpRequest.Builder builder) {
		HttpRequest request = builder.timeout(TIMEOUT).build();
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

	/**
	 * One webhook delivery.
	 *
	 * @param eventId the provider event's id (two deliveries of a duplicated or replayed event share it)
	 * @param type the event's type, for example {@code checkout.session.completed}
	 * @param bookingId the booking the event names; null when none
	 * @param state PENDING, DELIVERED or FAILED
	 */
	public record Delivery(String eventId, String type, @Nullable String bookingId, String state) {

		/**
		 * @return true when api-service answered this delivery 2xx
		 */
		public boolean delivered() {
			return "DELIVERED".equals(this.state);
		}

	}

}
