package io.minitickets.loadtests.client;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import io.minitickets.localstack.stack.StackException;

/**
 * The payment simulator's control API ({@code /sim}, no key), as the load run uses it around the simulation.
 */
public final class SimulatorControl {

	private static final Duration TIMEOUT = Duration.ofSeconds(30);

	private final HttpClient http;

	private final URI base;

	private final JsonMapper json = JsonMapper.builder().build();

	/**
	 * @param http the client to send with
	 * @param base the simulator's base URL
	 */
	public SimulatorControl(HttpClient http, URI base) {
		this.http = http;
		this.base = base;
	}

	/**
	 * {@code POST /sim/behaviour {}}: deliver as usual again (which also releases an event held back for
	 * reordering).
	 * @throws StackException when it is not answered 200
	 */
	public void behaveNormally() {
		send(HttpRequest.newBuilder(this.base.resolve("/sim/behaviour"))
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString("{}")), "POST /sim/behaviour");
	}

	/**
	 * {@code POST /sim/checkout/sessions/{id}/pay}: what a customer does on the checkout page.
	 * @param checkoutId the checkout session
	 * @throws StackException when it is not answered 200
	 */
	public void pay(String checkoutId) {
		send(HttpRequest.newBuilder(this.base.resolve("/sim/checkout/sessions/" + checkoutId + "/pay"))
			.POST(HttpRequest.BodyPublishers.noBody()), "POST /sim/checkout/sessions/" + checkoutId + "/pay");
	}

	/**
	 * {@code GET /sim/deliveries}: every delivery, oldest first.
	 * @return the deliveries
	 * @throws StackException when it is not answered 200 with a JSON array
	 */
	public List<Delivery> deliveries() {
		JsonNode list = send(HttpRequest.newBuilder(this.base.resolve("/sim/deliveries")).GET(),
				"GET /sim/deliveries");
		List<Delivery> deliveries = new ArrayList<>();
		for (JsonNode delivery : list) {
			JsonNode bookingId = delivery.get("bookingId");
			deliveries.add(new Delivery(delivery.get("eventId").asString(),
					(bookingId != null && !bookingId.isNull()) ? bookingId.asString() : null,
					delivery.get("state").asString()));
		}
		return deliveries;
	}

	private JsonNode send(HttpRequest.Builder request, String what) {
		try {
			HttpResponse<String> response = this.http.send(request.timeout(TIMEOUT).build(),
					HttpResponse.BodyHandlers.ofString());
			if (response.statusCode() != 200) {
				throw new StackException(what + " at " + this.base + " answered " + response.statusCode() + ": "
						+ response.body());
			}
			return this.json.readTree(response.body());
		}
		catch (IOException | JacksonException ex) {
			throw new StackException(what + " at " + this.base + " failed: " + ex, ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new StackException("Interrupted during " + what, ex);
		}
	}

	/**
	 * One webhook delivery.
	 *
	 * @param eventId the provider event's id (two deliveries of a duplicated event share it)
	 * @param bookingId the booking the event names; null when none
	 * @param state PENDING, DELIVERED or FAILED
	 */
	public record Delivery(String eventId, @Nullable String bookingId, String state) {
	}

}
