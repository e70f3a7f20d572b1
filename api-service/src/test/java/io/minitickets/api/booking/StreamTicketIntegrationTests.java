package io.minitickets.api.booking;

import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.UUID;

import io.minitickets.api.ApiClient;
import io.minitickets.api.ApiIntegrationTest;
import io.minitickets.api.stream.StreamTickets;
import io.minitickets.core.status.BookingStatusCache;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code POST /api/bookings/{id}/stream-ticket} mints, for the booking's owner only, a short-lived ticket that opens
 * that booking's status stream as {@code ?ticket=} without {@code Authorization} (a browser's {@code EventSource}),
 * and nothing else: each refusal is a problem.
 */
class StreamTicketIntegrationTests extends ApiIntegrationTest {

	@Autowired
	private BookingStatusCache cache;

	@Test
	void theOwnersTicketOpensTheStreamWithoutAuthorization() throws Exception {
		long userId = newUserId();
		String token = mint(userId);
		long eventId = createOpenEvent(5);
		UUID bookingId = book(eventId, token);
		new SettlingWorker(this.jdbc, this.cache, kafkaBootstrapServers()).confirm(eventId, bookingId, userId, true);

		HttpResponse<String> minted = this.api.post("/api/bookings/" + bookingId + "/stream-ticket", null, token);

		assertThat(minted.statusCode()).as(minted.body()).isEqualTo(200);
		assertThat(minted.headers().firstValue("Cache-Control")).hasValue("no-store");
		JsonNode answer = ApiClient.json(minted);
		Instant expiresAt = Instant.parse(answer.get("expiresAt").asString());
		assertThat(expiresAt).isBetween(Instant.now().plusSeconds(50), Instant.now().plusSeconds(61));
		String url = answer.get("url").asString();
		assertThat(url).isEqualTo("/api/bookings/" + bookingId + "/events?ticket=" + answer.get("ticket").asString());

		HttpResponse<String> stream = this.api.send("GET", url, null, "Accept", "text/event-stream");

		assertThat(stream.statusCode()).as(stream.body()).isEqualTo(200);
		assertThat(stream.body()).contains("id:3:-", "event:status", "\"status\":\"CONFIRMED\"");
	}

	@Test
	void aTicketIsAskedForWithoutABody() {
		String token = mint(newUserId());
		UUID bookingId = book(createOpenEvent(5), token);

		HttpResponse<String> withBody = this.api.post("/api/bookings/" + bookingId + "/stream-ticket", "ttl=3600",
				token, "Content-Type", "application/x-www-form-urlencoded");
		HttpResponse<String> typedButEmpty = this.api.post("/api/bookings/" + bookingId + "/stream-ticket", "", token,
				"Content-Type", "text/plain");

		assertProblem(withBody, 400);
		assertThat(ApiClient.json(withBody).get("detail").asString())
			.startsWith("POST /api/bookings/{bookingId}/stream-ticket takes no request body");
		assertThat(typedButEmpty.statusCode()).as(typedButEmpty.body()).isEqualTo(200);
	}

	@Test
	void someoneElsesBookingGetsNoTicket() {
		UUID bookingId = book(createOpenEvent(5), mint(newUserId()));

		HttpResponse<String> refused = this.api.post("/api/bookings/" + bookingId + "/stream-ticket", null,
				mint(newUserId()));

		assertProblem(refused, 404);
	}

	@Test
	void aTicketWithoutABearerTokenIsNeeded() {
		HttpResponse<String> refused = this.api.post("/api/bookings/" + UUID.randomUUID() + "/stream-ticket", null,
				null);

		assertProblem(refused, 401);
	}

	@Test
	void aTicketOfAnotherBookingIsNotFound() {
		String token = mint(newUserId());
		long eventId = createOpenEvent(5);
		UUID first = book(eventId, token);
		UUID second = book(eventId, token);
		String ticket = ticket(first, token);

		assertProblem(events(second, ticket), 404);
	}

	@Test
	void aTamperedOrForeignTicketIsUnauthorized() {
		String token = mint(newUserId());
		UUID bookingId = book(createOpenEvent(5), token);
		String ticket = ticket(bookingId, token);
		String tampered = ticket.substring(0, ticket.length() - 2)
				+ (ticket.endsWith("AA") ? "BB" : "AA");

		assertProblem(events(bookingId, tampered), 401);
		assertProblem(events(bookingId, "not-a-ticket"), 401);
		assertProblem(events(bookingId, token), 401);
	}

	@Test
	void anExpiredTicketIsUnauthorized() {
		long userId = newUserId();
		String token = mint(userId);
		UUID bookingId = book(createOpenEvent(5), token);
		StreamTickets past = new StreamTickets(SECRET, "minitickets", Duration.ofSeconds(60),
				Clock.fixed(Instant.now().minus(Duration.ofMinutes(5)), ZoneOffset.UTC));

		assertProblem(events(bookingId, past.mint(StreamTickets.Kind.BOOKING, bookingId, userId).ticket()), 401);
	}

	@Test
	void aTicketJustPastItsExpiryIsUnauthorized() throws Exception {
		long userId = newUserId();
		String token = mint(userId);
		long eventId = createOpenEvent(5);
		UUID bookingId = book(eventId, token);
		// settled: a stream it wrongly opened ends at once
		new SettlingWorker(this.jdbc, this.cache, kafkaBootstrapServers()).confirm(eventId, bookingId, userId, true);
		// expired 10 s ago: well inside a JWT decoder's default 60 s clock skew, which a ticket checked by the service
		// that minted it does not get
		StreamTickets justPast = new StreamTickets(SECRET, "minitickets", Duration.ofSeconds(60),
				Clock.fixed(Instant.now().minus(Duration.ofSeconds(70)), ZoneOffset.UTC));

		assertProblem(events(bookingId, justPast.mint(StreamTickets.Kind.BOOKING, bookingId, userId).ticket()), 401);
	}

	@Test
	void aTicketSentTwiceIsABadRequestNamingIt() {
		String token = mint(newUserId());
		UUID bookingId = book(createOpenEvent(5), token);
		String ticket = ticket(bookingId, token);

		// the refusal with an invalid first ticket is asserted first: were the valid one read, its stream (PENDING)
		// would stay open
		HttpResponse<String> another = events(bookingId, "not-a-ticket&ticket=" + ticket);
		assertProblem(another, 400);
		assertThat(ApiClient.json(another).get("detail").asString()).isEqualTo("Send 'ticket' once, not 2 times.");
		HttpResponse<String> twice = events(bookingId, ticket + "&ticket=" + ticket);
		assertProblem(twice, 400);
		assertThat(ApiClient.json(twice).get("detail").asString()).isEqualTo("Send 'ticket' once, not 2 times.");
	}

	@Test
	void aTicketIsNeitherABearerTokenNorAcceptedElsewhere() {
		String token = mint(newUserId());
		UUID bookingId = book(createOpenEvent(5), token);
		String ticket = ticket(bookingId, token);

		assertProblem(this.api.get("/api/bookings/" + bookingId, ticket), 401);
		assertProblem(this.api.send("GET", "/api/bookings/" + bookingId + "?ticket=" + ticket, null), 401);
	}

	private String ticket(UUID bookingId, String token) {
		HttpResponse<String> minted = this.api.post("/api/bookings/" + bookingId + "/stream-ticket", null, token);
		assertThat(minted.statusCode()).as(minted.body()).isEqualTo(200);
		return ApiClient.json(minted).get("ticket").asString();
	}

	private HttpResponse<String> events(UUID bookingId, String ticket) {
		return this.api.send("GET", "/api/bookings/" + bookingId + "/events?ticket=" + ticket, null, "Accept",
				"text/event-stream");
	}

	private UUID book(long eventId, String token) {
		HttpResponse<String> response = this.api.post("/api/events/" + eventId + "/bookings", "{\"quantity\":1}",
				token);
		assertThat(response.statusCode()).as(response.body()).isEqualTo(202);
		return UUID.fromString(ApiClient.json(response).get("bookingId").asString());
	}

	private static void assertProblem(HttpResponse<String> response, int status) {
		assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
		assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
	}

	private static long newUserId() {
		return Math.abs(UUID.randomUUID().getMostSignificantBits() % 1_000_000_000L) + 1;
	}

}
