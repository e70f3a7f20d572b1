package io.minitickets.loadtests.client;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.Semaphore;

import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import io.minitickets.localstack.chaos.ProcessWaits;
import io.minitickets.localstack.stack.StackException;

/**
 * The calls of api-service's HTTP API the demo (and the fault-injection run) makes: admin login, creating events and
 * users, booking, polling.
 */
public final class ApiClient {

	private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(30);

	private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);

	private static final Duration UNAVAILABLE_RETRIES = Duration.ofSeconds(30);

	private final JsonMapper json = JsonMapper.builder().build();

	private final HttpClient http;

	private final URI base;

	private final Semaphore inFlight;

	/**
	 * A new HTTP client as a run sends to api-service with: HTTP/1.1, a connection given up after 5 s.
	 * @return the client; the caller closes it
	 */
	public static HttpClient newHttpClient() {
		return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(CONNECT_TIMEOUT).build();
	}

	/**
	 * @param http the client, shared by every call of a run
	 * @param base api-service's base URL, for example {@code http://127.0.0.1:8080}
	 */
	public ApiClient(HttpClient http, URI base) {
		this(http, base, Integer.MAX_VALUE);
	}

	/**
	 * @param http the client, shared by every call of a run
	 * @param base api-service's base URL
	 * @param maxInFlight how many calls may wait for an answer at once; more wait for a free slot (the JDK client opens
	 * one connection per concurrent HTTP/1.1 call, so this bounds the connections too)
	 */
	public ApiClient(HttpClient http, URI base, int maxInFlight) {
		this.http = http;
		this.base = base;
		this.inFlight = new Semaphore(maxInFlight);
	}

	/**
	 * {@code POST /api/auth/login}.
	 * @param email the user's email
	 * @param password the user's password
	 * @return the access token
	 * @throws StackException when the login is not answered 200 with a token
	 */
	public String login(String email, String password) {
		ApiResponse response = call(post("/api/auth/login", null, Map.of("email", email, "password", password)));
		return required(expect(response, 200, "POST /api/auth/login"), "token", "POST /api/auth/login").asString();
	}

	/**
	 * {@code POST /api/admin/events}.
	 * @param adminToken an admin's access token
	 * @param name the event's name
	 * @param capacity its seats
	 * @param saleOpensAt when the sale opens
	 * @return the new event's id
	 * @throws StackException when it is not answered 201 (a 503 is sent again first, see {@link #whileUnavailable})
	 */
	public long createEvent(String adminToken, String name, int capacity, Instant saleOpensAt) {
		ApiResponse response = whileUnavailable(post("/api/admin/events", adminToken,
				Map.of("name", name, "capacity", capacity, "saleOpensAt", saleOpensAt.toString())));
		return required(expect(response, 201, "POST /api/admin/events"), "id", "POST /api/admin/events").asLong();
	}

	/**
	 * {@code POST /api/admin/events} of an event with a waiting room in {@code auto} admission that takes places from
	 * now: the places taken before {@code saleOpensAt} are ordered by the opening's draw, later ones by arrival.
	 * @param adminToken an admin's access token
	 * @param name the event's name
	 * @param capacity its seats
	 * @param saleOpensAt when the sale opens
	 * @param admittedForSeconds how long an admission lasts, 30 to 86,400 s
	 * @return the new event's id
	 * @throws StackException when it is not answered 201 (a 503 is sent again first, see {@link #whileUnavailable})
	 */
	public long createWaitingRoomEvent(String adminToken, String name, int capacity, Instant saleOpensAt,
			int admittedForSeconds) {
		ApiResponse response = whileUnavailable(post("/api/admin/events", adminToken,
				Map.of("name", name, "capacity", capacity, "saleOpensAt", saleOpensAt.toString(), "waitingRoom",
						Map.of("enabled", true, "admission", Map.of("mode", "auto"), "admittedForSeconds",
								admittedForSeconds))));
		return required(expect(response, 201, "POST /api/admin/events"), "id", "POST /api/admin/events").asLong();
	}

	/**
	 * {@code POST /api/admin/events} of a paid event: its bookings are settled HELD and wait for a payment.
	 * @param adminToken an admin's access token
	 * @param name the event's name
	 * @param capacity its seats
	 * @param saleOpensAt when the sale opens
	 * @param price one seat's price in minor units of {@code currency}, above 0
	 * @param currency its ISO 4217 code, for example {@code EUR}
	 * @return the new event's id
	 * @throws StackException when it is not answered 201
	 */
	public long createPaidEvent(String adminToken, String name, int capacity, Instant saleOpensAt, long price,
			String currency) {
		ApiResponse response = call(post("/api/admin/events", adminToken, Map.of("name", name, "capacity", capacity,
				"saleOpensAt", saleOpensAt.toString(), "price", price, "currency", currency)));
		return required(expect(response, 201, "POST /api/admin/events"), "id", "POST /api/admin/events").asLong();
	}

	/**
	 * {@code POST /api/admin/events} of a paid event with its own hold and offer windows.
	 * @param adminToken an admin's access token
	 * @param name the event's name
	 * @param capacity its seats
	 * @param saleOpensAt when the sale opens
	 * @param price one seat's price in minor units of {@code currency}, above 0
	 * @param currency its ISO 4217 code, for example {@code EUR}
	 * @param holdSeconds how long a booking is HELD unpaid, 5 to 86,400 s
	 * @param offerSeconds how long a waiting-list offer is HELD unpaid, 5 to 86,400 s
	 * @return the new event's id
	 * @throws StackException when it is not answered 201
	 */
	public long createPaidEvent(String adminToken, String name, int capacity, Instant saleOpensAt, long price,
			String currency, int holdSeconds, int offerSeconds) {
		ApiResponse response = call(post("/api/admin/events", adminToken,
				Map.of("name", name, "capacity", capacity, "saleOpensAt", saleOpensAt.toString(), "price", price,
						"currency", currency, "holdSeconds", holdSeconds, "offerSeconds", offerSeconds)));
		return required(expect(response, 201, "POST /api/admin/events"), "id", "POST /api/admin/events").asLong();
	}

	/**
	 * {@code POST /api/admin/events} of a free event with a waiting room in front of its booking route.
	 * @param adminToken an admin's access token
	 * @param name the event's name
	 * @param capacity its seats
	 * @param saleOpensAt when the sale opens (the pre-queue's draw)
	 * @param waitingRoom the room as the admin API takes it: {@code enabled}, {@code opensAt?},
	 * {@code admission {mode, perSecond}}, {@code admittedForSeconds?}
	 * @return the new event's id
	 * @throws StackException when it is not answered 201
	 */
	public long createWaitingRoomEvent(String adminToken, String name, int capacity, Instant saleOpensAt,
			Map<String, Object> waitingRoom) {
		ApiResponse response = whileUnavailable(post("/api/admin/events", adminToken, Map.of("name", name,
				"capacity", capacity, "saleOpensAt", saleOpensAt.toString(), "waitingRoom", waitingRoom)));
		return required(expect(response, 201, "POST /api/admin/events"), "id", "POST /api/admin/events").asLong();
	}

	/**
	 * {@code POST /api/bookings/{id}/cancellation}.
	 * @param token the owner's access token
	 * @param bookingId the booking
	 * @return the answer's status: 202 when recorded
	 * @throws IOException when the request fails or times out (30 s)
	 * @throws InterruptedException when interrupted while waiting
	 */
	public int cancel(String token, String bookingId) throws IOException, InterruptedException {
		return send(post("/api/bookings/" + bookingId + "/cancellation", token, Map.of())).status();
	}

	/**
	 * {@code POST /api/admin/users} with role USER.
	 * @param adminToken an admin's access token
	 * @param email the new user's email
	 * @param password the new user's password
	 * @return the new user's id
	 * @throws StackException when it is not answered 201
	 */
	public long createUser(String adminToken, String email, String password) {
		ApiResponse response = call(post("/api/admin/users", adminToken,
				Map.of("email", email, "password", password, "role", "USER")));
		return required(expect(response, 201, "POST /api/admin/users"), "id", "POST /api/admin/users").asLong();
	}

	/**
	 * {@code POST /api/events/{id}/bookings}.
	 * @param token the user's access token
	 * @param eventId the event
	 * @param quantity seats
	 * @return the answer, whatever its status
	 * @throws IOException when the request fails or times out (30 s)
	 * @throws InterruptedException when interrupted while waiting
	 */
	public ApiResponse book(String token, long eventId, int quantity) throws IOException, InterruptedException {
		return send(post("/api/events/" + eventId + "/bookings", token, Map.of("quantity", quantity)));
	}

	/**
	 * {@code GET /api/events/{id}}, a public read.
	 * @param eventId the event
	 * @return the answer, whatever its status
	 * @throws IOException when the request fails or times out (30 s)
	 * @throws InterruptedException when interrupted while waiting
	 */
	public ApiResponse event(long eventId) throws IOException, InterruptedException {
		return send(request("/api/events/" + eventId, null).GET().build());
	}

	/**
	 * {@code GET /api/bookings/{id}}.
	 * @param token the owner's access token
	 * @param bookingId the booking
	 * @return the booking's status (PENDING, HELD, CONFIRMED, EXPIRED, CANCELLED, REFUNDED or REJECTED), or null when
	 * the answer was not a 200
	 * @throws IOException when the request fails or times out (30 s)
	 * @throws InterruptedException when interrupted while waiting
	 */
	public @Nullable String status(String token, String bookingId) throws IOException, InterruptedException {
		HttpRequest request = request("/api/bookings/" + bookingId, token).GET().build();
		ApiResponse response = send(request);
		return (response.status() == 200) ? read(response.body()).path("status").asString(null) : null;
	}

	/**
	 * {@code GET /api/bookings/{id}}, the whole answer.
	 * @param token the owner's access token
	 * @param bookingId the booking
	 * @return the booking's {@code status} and {@code payment.state} (NONE when absent), or null when the answer was
	 * not a 200
	 * @throws IOException when the request fails or times out (30 s)
	 * @throws InterruptedException when interrupted while waiting
	 */
	public @Nullable String statusAndPayment(String token, String bookingId) throws IOException, InterruptedException {
		ApiResponse response = send(request("/api/bookings/" + bookingId, token).GET().build());
		if (response.status() != 200) {
			return null;
		}
		JsonNode booking = read(response.body());
		return booking.path("status").asString("") + " " + booking.path("payment").path("state").asString("NONE");
	}

	/**
	 * {@code POST /api/bookings/{id}/payment}: the checkout of a HELD booking.
	 * @param token the owner's access token
	 * @param bookingId the booking
	 * @return the answer, whatever its status (201 with {@code checkoutId}; 409 once it is not HELD)
	 * @throws IOException when the request fails or times out (30 s)
	 * @throws InterruptedException when interrupted while waiting
	 */
	public ApiResponse checkout(String token, String bookingId) throws IOException, InterruptedException {
		return send(request("/api/bookings/" + bookingId + "/payment", token)
			.POST(HttpRequest.BodyPublishers.noBody())
			.build());
	}

	/**
	 * {@code POST /api/events/{id}/waitlist}.
	 * @param token the user's access token
	 * @param eventId the sold-out event
	 * @param quantity seats wanted
	 * @return the answer, whatever its status (201 with the entry's {@code position})
	 * @throws IOException when the request fails or times out (30 s)
	 * @throws InterruptedException when interrupted while waiting
	 */
	public ApiResponse joinWaitlist(String token, long eventId, int quantity)
			throws IOException, InterruptedException {
		return send(post("/api/events/" + eventId + "/waitlist", token, Map.of("quantity", quantity)));
	}

	/**
	 * {@code GET /api/events/{id}/waitlist/me}.
	 * @param token the user's access token
	 * @param eventId the event
	 * @return the answer, whatever its status (200 with {@code state} and {@code offerBookingId}; 404 when none)
	 * @throws IOException when the request fails or times out (30 s)
	 * @throws InterruptedException when interrupted while waiting
	 */
	public ApiResponse waitlistEntry(String token, long eventId) throws IOException, InterruptedException {
		return send(request("/api/events/" + eventId + "/waitlist/me", token).GET().build());
	}

	/**
	 * @param body a JSON answer's body
	 * @param field a top-level field
	 * @return the field as text, or null when it is absent or null
	 */
	public @Nullable String text(String body, String field) {
		return read(body).path(field).asString(null);
	}

	/**
	 * @param body a 202 answer's body
	 * @return its {@code bookingId}, or null when it has none
	 */
	public @Nullable String bookingId(String body) {
		return read(body).path("bookingId").asString(null);
	}

	private HttpRequest post(String path, @Nullable String token, Map<String, Object> body) {
		return request(path, token).header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(this.json.writeValueAsString(body)))
			.build();
	}

	private HttpRequest.Builder request(String path, @Nullable String token) {
		HttpRequest.Builder builder = HttpRequest.newBuilder(this.base.resolve(path))
			.timeout(REQUEST_TIMEOUT)
			.header("Accept", "application/json");
		if (token != null) {
			builder.header("Authorization", "Bearer " + token);
		}
		return builder;
	}

	private ApiResponse send(HttpRequest request) throws IOException, InterruptedException {
		this.inFlight.acquire();
		try {
			HttpResponse<String> response = this.http.send(request, HttpResponse.BodyHandlers.ofString());
			return new ApiResponse(response.statusCode(), response.body());
		}
		finally {
			this.inFlight.release();
		}
	}

	/**
	 * Sends a request, and sends it again while api-service answers 503 (it accepted nothing: its database or another
	 * part cannot answer right now), after the answer's {@code retryAfterSeconds} (1 s when it gives none, at most 5 s),
	 * for up to 30 s, as a client should. A database restarted by a fault run takes that long to be usable again from
	 * api-service's pool, on a busy machine, after it accepts connections.
	 * @param request the request
	 * @return the first answer other than 503, or the last 503
	 */
	private ApiResponse whileUnavailable(HttpRequest request) {
		long deadline = System.nanoTime() + UNAVAILABLE_RETRIES.toNanos();
		ApiResponse response = call(request);
		while (response.status() == 503 && System.nanoTime() - deadline < 0) {
			ProcessWaits.pause(retryAfter(response));
			response = call(request);
		}
		return response;
	}

	private Duration retryAfter(ApiResponse unavailable) {
		try {
			long seconds = this.json.readTree(unavailable.body()).path("retryAfterSeconds").asLong(1);
			return Duration.ofSeconds(Math.clamp(seconds, 1, 5));
		}
		catch (JacksonException ex) {
			return Duration.ofSeconds(1);
		}
	}

	private ApiResponse call(HttpRequest request) {
		try {
			return send(request);
		}
		catch (IOException ex) {
			throw new StackException(request.method() + " " + request.uri() + " failed: " + ex, ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new StackException("Interrupted during " + request.method() + " " + request.uri(), ex);
		}
	}

	private JsonNode expect(ApiResponse response, int status, String call) {
		if (response.status() != status) {
			throw new StackException(call + " answered " + response.status() + " (expected " + status + "): "
					+ response.body());
		}
		return read(response.body());
	}

	private static JsonNode required(JsonNode body, String field, String call) {
		JsonNode value = body.path(field);
		if (value.isMissingNode() || value.isNull()) {
			throw new StackException(call + " answered without '" + field + "': " + body);
		}
		return value;
	}

	private JsonNode read(String body) {
		try {
			return this.json.readTree(body);
		}
		catch (JacksonException ex) {
			return this.json.missingNode();
		}
	}

}
