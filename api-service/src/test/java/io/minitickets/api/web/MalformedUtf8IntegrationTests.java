package io.minitickets.api.web;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import io.minitickets.api.ApiClient;
import io.minitickets.api.ApiIntegrationTest;
import io.minitickets.core.inventory.InventoryGate;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Malformed UTF-8 is refused with 400 problem+json wherever the API reads text: in a JSON body and in the headers it
 * reads (Authorization, Idempotency-Key, X-Forwarded-For). Jackson decodes an overlong {@code C0 AF} to '/', so such a
 * byte sequence would pass a check on the text and be stored as something else. The requests go over a plain socket,
 * byte for byte: the strings below hold one byte per char (ISO-8859-1).
 */
class MalformedUtf8IntegrationTests extends ApiIntegrationTest {

	/** Overlong '/', overlong '/' in three bytes, overlong NUL, above U+10FFFF, a lone surrogate, F5, cut short. */
	private static final Map<String, String> MALFORMED = Map.of("overlong C0 AF", "\u00c0\u00af", "overlong E0 80 AF",
			"\u00e0\u0080\u00af", "overlong C0 80", "\u00c0\u0080", "above U+10FFFF F4 90 80 80",
			"\u00f4\u0090\u0080\u0080", "lone surrogate ED A0 80", "\u00ed\u00a0\u0080", "F5 lead byte",
			"\u00f5\u0080\u0080\u0080", "truncated E2 82", "\u00e2\u0082", "stray continuation 80", "\u0080");

	@LocalServerPort
	private int serverPort;

	@Autowired
	private InventoryGate gate;

	@Test
	void refusesABookingBodyWithMalformedUtf8AndReservesNothing() {
		long eventId = createOpenEvent(5);
		String token = newUserToken();

		MALFORMED.forEach((name, bytes) -> {
			Raw response = post("/api/events/" + eventId + "/bookings",
					"{\"quantity\":1,\"x\":\"" + bytes + "\"}", "Authorization: Bearer " + token);

			assertBadUtf8(response, name);
		});
		assertThat(this.gate.available(eventId)).hasValue(5);
	}

	@Test
	void refusesABodyThatEndsInsideACharacter() {
		long eventId = createOpenEvent(5);

		Raw response = post("/api/events/" + eventId + "/bookings", "{\"quantity\":1}\u00e2\u0082",
				"Authorization: Bearer " + newUserToken());

		assertBadUtf8(response, "body cut inside a character");
		assertThat(this.gate.available(eventId)).hasValue(5);
	}

	@Test
	void refusesAMalformedChunkedBody() {
		long eventId = createOpenEvent(5);
		String body = "{\"quantity\":1,\"x\":\"\u00c0\u00af\"}";
		String chunked = Integer.toHexString(body.length()) + "\r\n" + body + "\r\n0\r\n\r\n";

		Raw response = send("POST /api/events/" + eventId + "/bookings HTTP/1.1\r\nHost: 127.0.0.1\r\n"
				+ "Connection: close\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n"
				+ "Authorization: Bearer " + newUserToken() + "\r\n\r\n" + chunked);

		assertBadUtf8(response, "chunked");
		assertThat(this.gate.available(eventId)).hasValue(5);
	}

	@Test
	void doesNotStoreAnEventNameWithAnOverlongSlash() {
		Raw response = post("/api/admin/events",
				"{\"name\":\"a\u00c0\u00afb\",\"capacity\":5,\"saleOpensAt\":\"2026-01-01T00:00:00Z\"}",
				"Authorization: Bearer " + adminToken());

		assertBadUtf8(response, "event name");
		assertThat(this.jdbc.sql("select count(*) from events where name like 'a%b'").query(Long.class).single())
			.isZero();
	}

	@Test
	void storesWellFormedNonAsciiTextAsSent() {
		String name = "Caf\u00e9 \u20ac \uD83C\uDFAB " + System.nanoTime();

		Raw response = post("/api/admin/events", "{\"name\":\"" + latin1(name)
				+ "\",\"capacity\":5,\"saleOpensAt\":\"2026-01-01T00:00:00Z\"}", "Authorization: Bearer " + adminToken());

		assertThat(response.status()).as(response.toString()).isEqualTo(201);
		assertThat(this.jdbc.sql("select count(*) from events where name = ?").param(name).query(Long.class).single())
			.isOne();
	}

	@Test
	void refusesALoneSurrogateEscapeInJsonTextAndStoresNothing() {
		String name = "lone " + System.nanoTime();
		for (String escape : List.of("\\ud800", "\\uDFFF", "\\ud800x", "x\\udc00\\ud800")) {
			HttpResponse<String> event = this.api.post("/api/admin/events", "{\"name\":\"" + name + escape
					+ "\",\"capacity\":5,\"saleOpensAt\":\"2026-01-01T00:00:00Z\"}", adminToken());
			HttpResponse<String> login = this.api.post("/api/auth/login",
					"{\"email\":\"a" + escape + "@test.local\",\"password\":\"p\"}", null);

			for (HttpResponse<String> response : List.of(event, login)) {
				assertThat(response.statusCode()).as(escape + ": " + response.body()).isEqualTo(400);
				assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
			}
			assertThat(ApiClient.json(event).get("detail").asString()).as(escape)
				.isEqualTo("'name' is not well-formed Unicode: it holds a lone surrogate (an escape \\uD800 to "
						+ "\\uDFFF that is not half of a pair).");
		}
		assertThat(this.jdbc.sql("select count(*) from events where name like ?").param(name + "%")
			.query(Long.class)
			.single()).isZero();
	}

	@Test
	void storesAnEscapedSurrogatePairAsItsCharacter() {
		String name = "pair " + System.nanoTime();

		HttpResponse<String> event = this.api.post("/api/admin/events", "{\"name\":\"" + name
				+ "\\ud83c\\udfab\",\"capacity\":5,\"saleOpensAt\":\"2026-01-01T00:00:00Z\"}", adminToken());

		assertThat(event.statusCode()).as(event.body()).isEqualTo(201);
		assertThat(this.jdbc.sql("select count(*) from events where name = ?").param(name + "\uD83C\uDFAB")
			.query(Long.class)
			.single()).isOne();
	}

	@Test
	void refusesMalformedUtf8SentToAnEndpointThatTakesNoBody() {
		long eventId = createOpenEvent(5);
		String token = newUserToken();

		MALFORMED.forEach((name, bytes) -> assertBadUtf8(
				post("/api/events/" + eventId + "/queue", bytes, "Authorization: Bearer " + token), name));
		assertThat(this.gate.available(eventId)).hasValue(5);
	}

	@Test
	void refusesMalformedUtf8InEveryHeaderItReads() {
		long eventId = createOpenEvent(5);
		String token = newUserToken();
		String login = "{\"email\":\"nobody@test.local\",\"password\":\"wrong-password\"}";

		for (String bytes : List.of("\u00c0\u00af", "\u00ed\u00a0\u0080", "\u00e2\u0082")) {
			assertBadUtf8(post("/api/events/" + eventId + "/bookings", "{\"quantity\":1}",
					"Authorization: Bearer " + token, "Idempotency-Key: k" + bytes), "Idempotency-Key " + bytes);
			assertBadUtf8(post("/api/events/" + eventId + "/bookings", "{\"quantity\":1}",
					"Authorization: Bearer " + token + bytes), "Authorization " + bytes);
			assertBadUtf8(post("/api/auth/login", login, "X-Forwarded-For: 192.0.2.1" + bytes + ", 10.0.0.1"),
					"X-Forwarded-For " + bytes);
		}
		assertThat(this.gate.available(eventId)).hasValue(5);
	}

	private static void assertBadUtf8(Raw response, String what) {
		assertThat(response.status()).as(what + ": " + response).isEqualTo(400);
		assertThat(response.head()).as(what + ": " + response)
			.containsIgnoringCase("Content-Type: application/problem+json\r\n");
		assertThat(response.body()).as(what + ": " + response)
			.contains("/problems/invalid-request")
			.contains("\"title\":\"Invalid request\"")
			.contains("not well-formed UTF-8");
	}

	private Raw post(String path, String body, String... headers) {
		StringBuilder request = new StringBuilder("POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
				+ "Connection: close\r\nContent-Type: application/json\r\nContent-Length: " + body.length() + "\r\n");
		for (String header : headers) {
			request.append(header).append("\r\n");
		}
		return send(request.append("\r\n").append(body).toString());
	}

	/**
	 * @param request the whole request, one byte per char
	 * @return the response, read until the server closes the connection
	 */
	private Raw send(String request) {
		try (Socket socket = new Socket("127.0.0.1", this.serverPort)) {
			socket.setSoTimeout(20_000);
			OutputStream out = socket.getOutputStream();
			out.write(request.getBytes(StandardCharsets.ISO_8859_1));
			out.flush();
			ByteArrayOutputStream received = new ByteArrayOutputStream();
			socket.getInputStream().transferTo(received);
			String response = received.toString(StandardCharsets.UTF_8);
			int bodyStart = response.indexOf("\r\n\r\n") + 4;
			return new Raw(Integer.parseInt(response.substring(9, 12)), response.substring(0, bodyStart),
					response.substring(bodyStart));
		}
		catch (IOException ex) {
			throw new IllegalStateException("request failed", ex);
		}
	}

	/** @return the UTF-8 bytes of the text, one per char */
	private static String latin1(String text) {
		return new String(text.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
	}

	private record Raw(int status, String head, String body) {
	}

}
