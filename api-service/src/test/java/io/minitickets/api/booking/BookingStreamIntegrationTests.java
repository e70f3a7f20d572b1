package io.minitickets.api.booking;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.UUID;

import io.micrometer.core.instrument.MeterRegistry;
import io.minitickets.api.ApiClient;
import io.minitickets.api.ApiIntegrationTest;
import io.minitickets.core.status.BookingStatusCache;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.core.env.Environment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Issue 17 item 2: {@code GET /api/bookings/{id}/events} streams the owner's booking as Server-Sent Events: an event
 * per change learnt from {@code bookings.settled}, ids that let {@code Last-Event-ID} resume without repeats, heartbeat
 * comments, closed after a final status; a client that goes away frees its stream. The test plays the worker.
 */
class BookingStreamIntegrationTests extends ApiIntegrationTest {

	private final HttpClient http = HttpClient.newHttpClient();

	@Autowired
	private BookingStatusCache cache;

	@Autowired
	private MeterRegistry registry;

	@Autowired
	private Environment environment;

	@LocalServerPort
	private int port;

	@Test
	void sendsEachChangeWithHeartbeatsInBetweenThenCloses() throws Exception {
		long userId = newUserId();
		String token = mint(userId);
		long eventId = createOpenEvent(5);
		UUID bookingId = book(eventId, token);
		try (SseStream stream = open(bookingId, token, null)) {
			assertThat(stream.response().statusCode()).isEqualTo(200);
			assertThat(stream.response().headers().firstValue("Content-Type")).hasValueSatisfying(
					(type) -> assertThat(type).startsWith("text/event-stream"));
			SseStream.Event pending = stream.nextEvent();
			assertThat(pending.id()).startsWith("0:");
			assertThat(pending.data().get("status").asString()).isEqualTo("PENDING");
			stream.awaitComment();

			new SettlingWorker(this.jdbc, this.cache, kafkaBootstrapServers()).confirm(eventId, bookingId, userId,
					true);
			SseStream.Event confirmed = stream.nextEvent();
			while (confirmed.data().get("status").asString().equals("PENDING")) {
				// a new queue position may come first
				confirmed = stream.nextEvent();
			}

			assertThat(confirmed.id()).isEqualTo("3:-");
			assertThat(confirmed.data().get("status").asString()).isEqualTo("CONFIRMED");
			assertThat(stream.remainingEvents()).as("closed after the final status").isEmpty();
		}
	}

	@Test
	void resumesFromLastEventIdWithoutRepeatsAndStartsAfreshOnGarbage() throws Exception {
		long userId = newUserId();
		String token = mint(userId);
		long eventId = createOpenEvent(5);
		UUID bookingId = book(eventId, token);
		new SettlingWorker(this.jdbc, this.cache, kafkaBootstrapServers()).confirm(eventId, bookingId, userId, true);

		try (SseStream upToDate = open(bookingId, token, "3:-");
				SseStream behind = open(bookingId, token, "0:7");
				SseStream garbage = open(bookingId, token, "zz; drop table")) {
			assertThat(upToDate.remainingEvents()).as("nothing it has not seen").isEmpty();
			assertThat(behind.remainingEvents()).extracting(SseStream.Event::id).containsExactly("3:-");
			assertThat(garbage.response().statusCode()).isEqualTo(200);
			assertThat(garbage.remainingEvents()).extracting(SseStream.Event::id).containsExactly("3:-");
		}
	}

	@Test
	void aLastEventIdRankedBeyondEveryStatusStartsAfresh() throws Exception {
		long userId = newUserId();
		String token = mint(userId);
		long eventId = createOpenEvent(5);
		UUID bookingId = book(eventId, token);

		try (SseStream forged = open(bookingId, token, "9:-")) {
			new SettlingWorker(this.jdbc, this.cache, kafkaBootstrapServers()).confirm(eventId, bookingId, userId,
					true);
			List<SseStream.Event> events = forged.remainingEvents();

			assertThat(events).as("the current status first, then the settlement").hasSizeGreaterThanOrEqualTo(2);
			assertThat(events.getFirst().data().get("status").asString()).isEqualTo("PENDING");
			assertThat(events.getLast().id()).isEqualTo("3:-");
		}
		try (SseStream settled = open(bookingId, token, "5:-")) {
			assertThat(settled.remainingEvents()).extracting(SseStream.Event::id).containsExactly("3:-");
		}
	}

	@Test
	void someoneElsesBookingIsNotFound() {
		UUID bookingId = book(createOpenEvent(5), mint(newUserId()));

		HttpResponse<String> answer = this.api.send("GET", "/api/bookings/" + bookingId + "/events", null,
				"Authorization", "Bearer " + mint(newUserId()), "Accept", "text/event-stream");

		assertThat(answer.statusCode()).isEqualTo(404);
		assertThat(answer.headers().firstValue("Content-Type")).hasValue("application/problem+json");
	}

	@Test
	void aClientThatAcceptsNeitherEventsNorJsonIsToldTheStreamIsTextEventStream() {
		String token = mint(newUserId());
		UUID bookingId = book(createOpenEvent(5), token);

		HttpResponse<String> answer = this.api.send("GET", "/api/bookings/" + bookingId + "/events", null,
				"Authorization", "Bearer " + token, "Accept", "text/html");

		assertThat(answer.statusCode()).isEqualTo(406);
		assertThat(answer.headers().firstValue("Content-Type")).hasValue("application/problem+json");
		assertThat(answer.headers().firstValue("Accept")).hasValue("text/event-stream");
		assertThat(ApiClient.json(answer).get("detail").asString()).contains("text/event-stream")
			.doesNotContain("application/json");
	}

	@Test
	void aClientThatExcludesEventsWithQuality0IsNotAcceptable() throws Exception {
		long userId = newUserId();
		String token = mint(userId);
		long eventId = createOpenEvent(5);
		UUID bookingId = book(eventId, token);
		// settled: a stream opened by mistake ends at once
		new SettlingWorker(this.jdbc, this.cache, kafkaBootstrapServers()).confirm(eventId, bookingId, userId, true);

		for (String accept : List.of("text/event-stream;q=0", "text/event-stream; q=0.0, text/html")) {
			HttpResponse<String> answer = this.api.send("GET", "/api/bookings/" + bookingId + "/events", null,
					"Authorization", "Bearer " + token, "Accept", accept);

			assertThat(answer.statusCode()).as(accept + ": " + answer.body()).isEqualTo(406);
			assertThat(answer.headers().firstValue("Content-Type")).hasValue("application/problem+json");
			assertThat(answer.headers().firstValue("Accept")).hasValue("text/event-stream");
		}
	}

	@Test
	void anAcceptThatCannotBeReadIsABadRequestAsOnTheJsonRoutes() throws Exception {
		long userId = newUserId();
		String token = mint(userId);
		long eventId = createOpenEvent(5);
		UUID bookingId = book(eventId, token);
		// settled: a stream opened by mistake ends at once
		new SettlingWorker(this.jdbc, this.cache, kafkaBootstrapServers()).confirm(eventId, bookingId, userId, true);

		for (String accept : List.of(";;;", "application/json;q=2", "text/event-stream;q=2")) {
			HttpResponse<String> answer = this.api.send("GET", "/api/bookings/" + bookingId + "/events", null,
					"Authorization", "Bearer " + token, "Accept", accept);
			HttpResponse<String> json = this.api.send("GET", "/api/bookings/" + bookingId, null, "Authorization",
					"Bearer " + token, "Accept", accept);

			assertThat(answer.statusCode()).as(accept + ": " + answer.body()).isEqualTo(400);
			assertThat(answer.headers().firstValue("Content-Type")).hasValue("application/problem+json");
			assertThat(ApiClient.json(answer).get("detail").asString()).as(accept)
				.isEqualTo(ApiClient.json(json).get("detail").asString())
				.startsWith("The Accept header could not be read");
		}
	}

	@Test
	void aStreamsBodyIsItsEventsEndedByClosingTheConnectionAfterTheFinalStatus() throws Exception {
		long userId = newUserId();
		String token = mint(userId);
		long eventId = createOpenEvent(5);
		UUID bookingId = book(eventId, token);
		try (Socket socket = new Socket("127.0.0.1", this.port)) {
			socket.setSoTimeout(20_000);
			socket.getOutputStream()
				.write(("GET /api/bookings/" + bookingId + "/events HTTP/1.1\r\nHost: 127.0.0.1\r\n"
						+ "Accept: text/event-stream\r\nAuthorization: Bearer " + token + "\r\n\r\n")
					.getBytes(StandardCharsets.US_ASCII));
			InputStream in = socket.getInputStream();
			String head = readThrough(in, "\r\n\r\n");
			assertThat(head).startsWith("HTTP/1.1 200 ")
				.containsIgnoringCase("\r\nConnection: close\r\n")
				.containsIgnoringCase("\r\nX-Accel-Buffering: no\r\n")
				.containsIgnoringCase("\r\nContent-Type: text/event-stream")
				.doesNotContainIgnoringCase("Transfer-Encoding")
				.doesNotContainIgnoringCase("Content-Length");
			assertThat(readThrough(in, "\n\n")).as("the body is events, no chunk framing")
				.startsWith("id:0:")
				.contains("\nevent:status\ndata:{")
				.contains("\"PENDING\"");

			new SettlingWorker(this.jdbc, this.cache, kafkaBootstrapServers()).confirm(eventId, bookingId, userId,
					true);
			String rest = new String(in.readAllBytes(), StandardCharsets.UTF_8);
			assertThat(rest).as("what came until the server closed the connection").contains("\"CONFIRMED\"")
				.endsWith("\n\n");
		}
	}

	/** Reads {@code in} up to and with the first {@code end}, one byte per char. */
	private static String readThrough(InputStream in, String end) throws IOException {
		StringBuilder read = new StringBuilder();
		while (read.length() < end.length() || !read.substring(read.length() - end.length()).equals(end)) {
			int b = in.read();
			if (b < 0) {
				throw new EOFException("the connection ended before " + end.replace("\r\n", "CRLF") + ": " + read);
			}
			read.append((char) b);
		}
		return read.toString();
	}

	@Test
	void aClientThatGoesAwayFreesItsStream() throws Exception {
		String token = mint(newUserId());
		UUID bookingId = book(createOpenEvent(5), token);
		double before = streams();
		SseStream stream = open(bookingId, token, null);
		stream.nextEvent();
		assertThat(streams()).isEqualTo(before + 1);

		stream.close();

		await().atMost(Duration.ofSeconds(10)).until(() -> streams() == before);
	}

	@Test
	void aStreamOnTheInstanceThatDidNotTakeThe202GetsTheSettlement() throws Exception {
		long userId = newUserId();
		String token = mint(userId);
		long eventId = createOpenEvent(5);
		UUID bookingId = book(eventId, token);
		try (SecondApiService second = SecondApiService.start(this.environment, kafkaBootstrapServers());
				SseStream stream = open(second.port(), bookingId, token, null)) {
			assertThat(stream.nextEvent().data().get("status").asString()).isEqualTo("PENDING");

			new SettlingWorker(this.jdbc, this.cache, kafkaBootstrapServers()).confirm(eventId, bookingId, userId,
					true);

			List<SseStream.Event> rest = stream.remainingEvents();
			assertThat(rest).isNotEmpty();
			assertThat(rest.get(rest.size() - 1).data().get("status").asString()).isEqualTo("CONFIRMED");
			assertThat(rest).extracting((event) -> event.data().get("status").asString())
				.as("never back to PENDING once CONFIRMED")
				.endsWith("CONFIRMED")
				.containsOnlyOnce("CONFIRMED");
		}
	}

	@Test
	void anInstanceWithAsManyStreamsAsItsMostAnswers503() throws Exception {
		String token = mint(newUserId());
		long eventId = createOpenEvent(5);
		UUID first = book(eventId, token);
		UUID other = book(eventId, token);
		try (SecondApiService second = SecondApiService.start(this.environment, kafkaBootstrapServers(),
				"minitickets.booking.stream.max=1"); SseStream open = open(second.port(), first, token, null)) {
			open.nextEvent();

			HttpResponse<String> refused = new ApiClient(second.port()).send("GET",
					"/api/bookings/" + other + "/events", null, "Authorization", "Bearer " + token, "Accept",
					"text/event-stream");

			assertThat(refused.statusCode()).isEqualTo(503);
			assertThat(refused.headers().firstValue("Content-Type")).hasValue("application/problem+json");
			assertThat(refused.headers().firstValue("Retry-After")).hasValue("1");
		}
	}

	private double streams() {
		return this.registry.get("minitickets.booking.streams").gauge().value();
	}

	private UUID book(long eventId, String token) {
		HttpResponse<String> response = this.api.post("/api/events/" + eventId + "/bookings", "{\"quantity\":1}",
				token);
		assertThat(response.statusCode()).as(response.body()).isEqualTo(202);
		return UUID.fromString(ApiClient.json(response).get("bookingId").asString());
	}

	private SseStream open(UUID bookingId, String token, String lastEventId) throws Exception {
		return open(this.port, bookingId, token, lastEventId);
	}

	private SseStream open(int port, UUID bookingId, String token, String lastEventId) throws Exception {
		return SseStream.open(this.http, port, bookingId, token, lastEventId);
	}

	private static long newUserId() {
		return Math.abs(UUID.randomUUID().getMostSignificantBits() % 1_000_000_000L) + 1;
	}

}
