package io.minitickets.api.waitingroom;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.minitickets.api.ApiClient;
import io.minitickets.api.ApiIntegrationTest;
import io.minitickets.core.valkey.ValkeyConnection;
import io.minitickets.core.valkey.ValkeyKeys;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A place's read without {@code Prefer}, served ahead of Spring Security's filter chain and Spring MVC
 * ({@link PlaceReadRoute}), answers byte for byte as the controller behind them answers the same request with a
 * {@code Prefer} that asks no wait (which passes through to it): status, headers (Spring Security's, Cache-Control,
 * Content-Type and length) and body, for the place and for every refusal; on real Postgres, Valkey and Kafka. The one
 * difference is the framing of the place: Spring MVC sends it chunked, the route with its {@code Content-Length} (one
 * write), so Spring MVC's chunks are joined and counted before the two are compared (that the route's place is not
 * chunked: {@link #answersThePlaceWithTheControllersHeaders}).
 */
class PlaceReadRouteIntegrationTests extends ApiIntegrationTest {

	/** A preference the controller ignores (RFC 7240): the request passes through the route to Spring MVC. */
	private static final String NO_WAIT = "Prefer: handling=lenient";

	@Autowired
	private MeterRegistry registry;

	@Autowired
	private ValkeyConnection valkey;

	@Autowired
	private ValkeyKeys keys;

	@Test
	void answersEveryCaseAsSpringMvcDoes() {
		long eventId = preQueueEvent();
		long owner = newUserId();
		String placeId = join(eventId, owner);
		String place = "/api/events/" + eventId + "/queue/" + placeId;
		String token = "Authorization: Bearer " + mint(owner);
		List<Case> cases = List.of(new Case("the place", 200, place, token),
				new Case("another account's", 404, place, "Authorization: Bearer " + mint(newUserId())),
				new Case("no token", 401, place), new Case("a forged token", 401, place, "Authorization: Bearer x.y.z"),
				new Case("two tokens", 400, place, token, token),
				new Case("no JSON accepted", 406, place, token, "Accept: text/plain"),
				new Case("JSON accepted", 200, place, token, "Accept: text/html, application/*;q=0.5"),
				new Case("an unknown place", 404, "/api/events/" + eventId + "/queue/" + UUID.randomUUID(), token),
				new Case("not a place id", 404, "/api/events/" + eventId + "/queue/nonsense", token),
				new Case("not an event id", 400, "/api/events/0x1/queue/" + placeId, token),
				new Case("an unknown event", 404, "/api/events/" + Long.MAX_VALUE + "/queue/" + placeId, token),
				new Case("an event without a room", 404, "/api/events/" + createOpenEvent(1) + "/queue/" + placeId,
						token),
				new Case("two content types", 400, place, token, "Content-Type: application/json",
						"Content-Type: text/plain"),
				new Case("JSON in Latin-1", 415, place, token, "Content-Type: application/json; charset=ISO-8859-1"),
				new Case("an encoded body", 415, place, token, "Content-Encoding: gzip"),
				new Case("a header the firewall refuses, unread", 200, place, token, "X-Note: a\u0085b"),
				new Case("a header the firewall refuses, read", 400, place, token, "Accept: application/json\u0085"));

		for (Case request : cases) {
			// a request the route passes through is answered by Spring MVC either way: chunked on both sides
			ApiClient.RawResponse routed = unchunked(send(request, false));
			ApiClient.RawResponse mvc = unchunked(send(request, true));

			assertThat(routed.status()).as(request.name() + ": " + routed.head() + routed.body())
				.isEqualTo(request.status());
			assertThat(headers(routed)).as(request.name()).isEqualTo(headers(mvc));
			assertThat(routed.body()).as(request.name()).isEqualTo(mvc.body());
		}
	}

	@Test
	void answersAnAdmissionThatEndedAsExpiredAsSpringMvcDoes() {
		long eventId = preQueueEvent();
		long owner = newUserId();
		String placeId = join(eventId, owner);
		String place = "/api/events/" + eventId + "/queue/" + placeId;
		String until = Instant.ofEpochMilli(System.currentTimeMillis() - 60_000).toString();
		// as the admission script records an admission, one that ended a minute ago
		this.valkey.sync()
			.hset(this.keys.waitingRoom(eventId).admitted(), placeId,
					Long.toString(Instant.parse(until).toEpochMilli()));
		Case read = new Case("an admission that ended", 200, place, "Authorization: Bearer " + mint(owner));

		ApiClient.RawResponse routed = send(read, false);
		ApiClient.RawResponse mvc = unchunked(send(read, true));
		HttpResponse<String> longPoll = this.api.send("GET", place, null, "Authorization", "Bearer " + mint(owner),
				"Prefer", "wait=20");
		HttpResponse<String> joinedAgain = this.api.post("/api/events/" + eventId + "/queue", "", mint(owner));

		assertThat(routed.status()).as(routed.head() + routed.body()).isEqualTo(200);
		assertThat(headers(routed)).isEqualTo(headers(mvc));
		assertThat(routed.body()).isEqualTo(mvc.body());
		for (HttpResponse<String> answer : List.of(longPoll, joinedAgain)) {
			JsonNode expired = ApiClient.json(answer);
			assertThat(expired.get("state").asString()).as(answer.body()).isEqualTo("EXPIRED");
			assertThat(expired.get("admitted").asBoolean()).isTrue();
			assertThat(expired.get("admittedUntil").asString()).isEqualTo(until);
			assertThat(expired.has("admissionToken")).as("no token for an admission that ended").isFalse();
		}
		assertThat(longPoll.headers().firstValue("Preference-Applied")).hasValue("wait=20");
		assertThat(routed.body()).contains("\"state\":\"EXPIRED\"");
	}

	@Test
	void answersAnAdmissionThatLastsAsAdmittedWithItsToken() {
		long eventId = preQueueEvent();
		long owner = newUserId();
		String placeId = join(eventId, owner);
		this.valkey.sync()
			.hset(this.keys.waitingRoom(eventId).admitted(), placeId,
					Long.toString(System.currentTimeMillis() + 600_000));

		HttpResponse<String> read = this.api.get("/api/events/" + eventId + "/queue/" + placeId, mint(owner));

		assertThat(ApiClient.json(read).get("state").asString()).isEqualTo("ADMITTED");
		assertThat(ApiClient.json(read).get("admissionToken").asString()).isNotEmpty();
	}

	@Test
	void answersThePlaceWithTheControllersHeaders() {
		long eventId = preQueueEvent();
		long owner = newUserId();
		String placeId = join(eventId, owner);

		HttpResponse<String> read = this.api.get("/api/events/" + eventId + "/queue/" + placeId, mint(owner));

		assertThat(read.statusCode()).isEqualTo(200);
		assertThat(read.headers().allValues("Cache-Control")).containsExactly("no-store");
		assertThat(read.headers().firstValue("Pragma")).isEmpty();
		assertThat(read.headers().firstValue("X-Content-Type-Options")).hasValue("nosniff");
		assertThat(read.headers().firstValue("X-Frame-Options")).hasValue("DENY");
		assertThat(read.headers().firstValue("Content-Type")).hasValue("application/json");
		assertThat(read.headers().firstValue("Transfer-Encoding")).as("not chunked").isEmpty();
		assertThat(read.headers().firstValue("Content-Length"))
			.hasValue(Integer.toString(read.body().getBytes(StandardCharsets.UTF_8).length));
		assertThat(ApiClient.json(read).get("placeId").asString()).isEqualTo(placeId);
		assertThat(ApiClient.json(read).get("state").asString()).isEqualTo("PRE_QUEUE");
	}

	@Test
	void leavesTheLongPollAndOtherMethodsToSpringMvc() {
		long eventId = preQueueEvent();
		long owner = newUserId();
		String place = "/api/events/" + eventId + "/queue/" + join(eventId, owner);

		HttpResponse<String> longPoll = this.api.send("GET", place, null, "Authorization", "Bearer " + mint(owner),
				"Prefer", "wait=0");
		HttpResponse<String> head = this.api.send("HEAD", place, null, "Authorization", "Bearer " + mint(owner));
		HttpResponse<String> delete = this.api.send("DELETE", place, null, "Authorization", "Bearer " + mint(owner));
		HttpResponse<String> anonymousDelete = this.api.send("DELETE", place, null);

		assertThat(longPoll.statusCode()).isEqualTo(200);
		assertThat(longPoll.headers().firstValue("Preference-Applied")).hasValue("wait=0");
		assertThat(head.statusCode()).isEqualTo(200);
		assertThat(head.body()).isEmpty();
		assertThat(delete.statusCode()).isEqualTo(405);
		assertThat(anonymousDelete.statusCode()).isEqualTo(401);
	}

	@Test
	void recordsEachReadOnceUnderTheEndpointsTimer() {
		long eventId = preQueueEvent();
		long owner = newUserId();
		String place = "/api/events/" + eventId + "/queue/" + join(eventId, owner);
		long okBefore = count("200");
		long notFoundBefore = count("404");

		assertThat(this.api.get(place, mint(owner)).statusCode()).isEqualTo(200);
		assertThat(this.api.get(place, mint(newUserId())).statusCode()).isEqualTo(404);

		// the timer is stopped after the answer's last byte went out, so a client can read the answer first
		await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
			assertThat(count("200")).isEqualTo(okBefore + 1);
			assertThat(count("404")).isEqualTo(notFoundBefore + 1);
		});
	}

	private long count(String status) {
		return this.registry.find("http.server.requests")
			.tags("uri", PlaceReadRoute.URI, "method", "GET", "status", status)
			.timers()
			.stream()
			.mapToLong(Timer::count)
			.sum();
	}

	/** Sends the request as written, over a socket: no client adds or merges a header. */
	private ApiClient.RawResponse send(Case request, boolean throughSpringMvc) {
		StringBuilder lines = new StringBuilder("GET " + request.path() + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
				+ "Connection: close\r\n");
		for (String header : request.headers()) {
			lines.append(header).append("\r\n");
		}
		if (throughSpringMvc) {
			lines.append(NO_WAIT).append("\r\n");
		}
		String response = this.api.sendBytes(lines.append("\r\n").toString());
		int bodyStart = response.indexOf("\r\n\r\n") + 4;
		return new ApiClient.RawResponse(Integer.parseInt(response.substring(9, 12)), response.substring(0, bodyStart),
				response.substring(bodyStart));
	}

	/**
	 * A chunked answer as the same answer with its length: the chunks' data joined, {@code Transfer-Encoding: chunked}
	 * replaced by the {@code Content-Length} of it (both end the head's lines with CRLF); any other answer unchanged.
	 */
	private static ApiClient.RawResponse unchunked(ApiClient.RawResponse response) {
		String chunkedLine = "Transfer-Encoding: chunked\r\n";
		int at = response.head().toLowerCase(Locale.ROOT).indexOf(chunkedLine.toLowerCase(Locale.ROOT));
		if (at < 0) {
			return response;
		}
		StringBuilder body = new StringBuilder();
		String rest = response.body();
		while (true) {
			int sizeEnd = rest.indexOf("\r\n");
			int size = Integer.parseInt(rest.substring(0, sizeEnd).strip(), 16);
			if (size == 0) {
				break;
			}
			body.append(rest, sizeEnd + 2, sizeEnd + 2 + size);
			rest = rest.substring(sizeEnd + 2 + size + 2);
		}
		String head = response.head().substring(0, at) + "Content-Length: " + body.length() + "\r\n"
				+ response.head().substring(at + chunkedLine.length());
		return new ApiClient.RawResponse(response.status(), head, body.toString());
	}

	/** The head's lines but the date, in order of name: the two ways may write them in another order. */
	private static List<String> headers(ApiClient.RawResponse response) {
		List<String> lines = new ArrayList<>(response.head().strip().lines().toList());
		lines.removeIf((line) -> line.regionMatches(true, 0, "Date:", 0, 5));
		lines.sort(String.CASE_INSENSITIVE_ORDER);
		return lines;
	}

	/** An event whose room takes places now, before a sale that opens in an hour: its places wait unchanged. */
	private long preQueueEvent() {
		HttpResponse<String> created = this.api.post("/api/admin/events", """
				{"name":"Room","capacity":10,"saleOpensAt":"%s","waitingRoom":{"enabled":true,"opensAt":"%s",\
				"admission":{"mode":"fixed","perSecond":5}}}""".formatted(Instant.now().plusSeconds(3600),
				Instant.now().minusSeconds(60)), adminToken());
		assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
		return ApiClient.json(created).get("id").asLong();
	}

	private String join(long eventId, long userId) {
		HttpResponse<String> joined = this.api.post("/api/events/" + eventId + "/queue", "", mint(userId));
		assertThat(joined.statusCode()).as(joined.body()).isEqualTo(201);
		return ApiClient.json(joined).get("placeId").asString();
	}

	private static long newUserId() {
		return Math.abs(UUID.randomUUID().getMostSignificantBits() % 1_000_000_000L) + 1;
	}

	/**
	 * A read of a place.
	 *
	 * @param name what it is, for a failure's message
	 * @param status the status it is answered
	 * @param path the path
	 * @param headers raw header lines
	 */
	private record Case(String name, int status, String path, List<String> headers) {

		Case(String name, int status, String path, String... headers) {
			this(name, status, path, List.of(headers));
		}

	}

}
