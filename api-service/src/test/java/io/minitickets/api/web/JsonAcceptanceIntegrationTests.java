package io.minitickets.api.web;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.UUID;

import io.minitickets.api.ApiClient;
import io.minitickets.api.ApiIntegrationTest;
import io.minitickets.core.inventory.InventoryGate;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every JSON endpoint, the booking route and those Spring MVC serves, answers 406 problem+json, before doing
 * anything, to an {@code Accept} that gives JSON quality 0, and answers as before to one that admits it.
 */
class JsonAcceptanceIntegrationTests extends ApiIntegrationTest {

	private static final List<String> EXCLUDING = List.of("application/json;q=0", "text/plain, */*;q=0",
			"application/*;q=0");

	private static final List<String> UNREADABLE = List.of("application/json;q=abc", "application/json;q=2", ";;;");

	private static final List<String> ADMITTING = List.of("*/*", "application/json", "application/*",
			"*/*;q=0, application/json;q=0.5");

	@Autowired
	private InventoryGate gate;

	@Test
	void refusesABookingWhoseAcceptGivesJsonQuality0() {
		long eventId = createOpenEvent(3);

		for (String accept : EXCLUDING) {
			HttpResponse<String> response = this.api.post(bookings(eventId), "{\"quantity\":1}", newUserToken(),
					"Accept", accept);

			assertNotAcceptable(response, accept, bookings(eventId));
			assertThat(response.headers().firstValue("Location")).as(accept).isEmpty();
		}
		assertThat(this.gate.available(eventId)).as("no seat reserved").hasValue(3);
	}

	@Test
	void booksWithAnAcceptThatAdmitsJson() {
		long eventId = createOpenEvent(10);

		assertThat(this.api.post(bookings(eventId), "{\"quantity\":1}", newUserToken()).statusCode()).isEqualTo(202);
		for (String accept : ADMITTING) {
			HttpResponse<String> response = this.api.post(bookings(eventId), "{\"quantity\":1}", newUserToken(),
					"Accept", accept);

			assertThat(response.statusCode()).as(accept + ": " + response.body()).isEqualTo(202);
		}
	}

	@Test
	void refusesTheSpringMvcEndpointsWhoseAcceptGivesJsonQuality0() {
		long eventId = createOpenEvent(3);
		String user = newUserToken();
		String booking = "/api/bookings/" + UUID.randomUUID();

		for (String accept : EXCLUDING) {
			assertNotAcceptable(get("/api/events/" + eventId, user, accept), accept, "/api/events/" + eventId);
			assertNotAcceptable(get("/api/events", user, accept), accept, "/api/events");
			assertNotAcceptable(get(booking, user, accept), accept, booking);
			assertNotAcceptable(this.api.send("POST", "/api/auth/login",
					"{\"email\":\"nobody@test.local\",\"password\":\"wrong\"}", "Accept", accept), accept,
					"/api/auth/login");
			assertNotAcceptable(this.api.post("/api/admin/events",
					"{\"name\":\"excluded json\",\"capacity\":5,\"saleOpensAt\":\"2026-01-01T00:00:00Z\"}",
					adminToken(), "Accept", accept), accept, "/api/admin/events");
		}
		assertThat(this.jdbc.sql("select count(*) from events where name = 'excluded json'").query(Long.class).single())
			.as("no event created")
			.isZero();
	}

	@Test
	void answersTheSpringMvcEndpointsAsBeforeWithAnAcceptThatAdmitsJson() {
		long eventId = createOpenEvent(3);
		String user = newUserToken();

		for (String accept : ADMITTING) {
			assertThat(get("/api/events/" + eventId, user, accept).statusCode()).as(accept).isEqualTo(200);
			assertThat(get("/api/bookings/" + UUID.randomUUID(), user, accept).statusCode()).as(accept)
				.isEqualTo(404);
			assertThat(this.api.send("POST", "/api/auth/login",
					"{\"email\":\"nobody@test.local\",\"password\":\"wrong\"}", "Accept", accept).statusCode())
				.as(accept)
				.isEqualTo(401);
		}
	}

	@Test
	void answersTheSpringMvcEndpointsInUtf8JsonWhateverParametersOrHowManyRangesAnAdmittingAcceptHas() {
		long eventId = createOpenEvent(3);
		String user = newUserToken();
		String manyRanges = "text/plain;q=0.1, ".repeat(60) + "application/json";

		for (String accept : List.of("application/json;charset=iso-8859-1", "application/json;charset=utf-16",
				"application/json;charset=bogus", "application/json;boundary=x", manyRanges)) {
			HttpResponse<String> event = get("/api/events/" + eventId, user, accept);
			HttpResponse<String> created = this.api.post("/api/admin/events",
					"{\"name\":\"accept " + accept.hashCode() + "\",\"capacity\":5,"
							+ "\"saleOpensAt\":\"2026-01-01T00:00:00Z\"}",
					adminToken(), "Accept", accept);

			assertThat(event.statusCode()).as(accept + ": " + event.body()).isEqualTo(200);
			assertThat(event.headers().firstValue("Content-Type")).as(accept).hasValue("application/json");
			assertThat(created.statusCode()).as(accept + ": " + created.body()).isEqualTo(201);
		}
	}

	@Test
	void answersABadRequestToAnAcceptThatCannotBeRead() {
		long eventId = createOpenEvent(3);
		String user = newUserToken();

		for (String accept : UNREADABLE) {
			assertUnreadable(this.api.post(bookings(eventId), "{\"quantity\":1}", user, "Accept", accept), accept,
					bookings(eventId));
			assertUnreadable(get("/api/events/" + eventId, user, accept), accept, "/api/events/" + eventId);
			assertUnreadable(this.api.send("POST", "/api/auth/login",
					"{\"email\":\"nobody@test.local\",\"password\":\"wrong\"}", "Accept", accept), accept,
					"/api/auth/login");
		}
		assertThat(this.gate.available(eventId)).as("no seat reserved").hasValue(3);
	}

	@Test
	void authenticatesBeforeItLooksAtAccept() {
		HttpResponse<String> mvc = this.api.send("GET", "/api/bookings", null, "Accept", "application/json;q=0");
		HttpResponse<String> route = this.api.send("POST", bookings(createOpenEvent(1)), "{\"quantity\":1}",
				"Accept", "application/json;q=0");

		assertThat(List.of(mvc.statusCode(), route.statusCode())).containsExactly(401, 401);
	}

	private HttpResponse<String> get(String path, String token, String accept) {
		return this.api.send("GET", path, null, "Authorization", "Bearer " + token, "Accept", accept);
	}

	private static void assertNotAcceptable(HttpResponse<String> response, String accept, String path) {
		assertThat(response.statusCode()).as(accept + " " + path + ": " + response.body()).isEqualTo(406);
		assertThat(response.headers().firstValue("Content-Type")).as(accept + " " + path)
			.hasValue("application/problem+json");
		assertThat(ApiClient.json(response).get("type").asString()).endsWith("/problems/unsupported");
		assertThat(ApiClient.json(response).get("instance").asString()).isEqualTo(path);
	}

	private static void assertUnreadable(HttpResponse<String> response, String accept, String path) {
		assertThat(response.statusCode()).as(accept + " " + path + ": " + response.body()).isEqualTo(400);
		assertThat(response.headers().firstValue("Content-Type")).as(accept + " " + path)
			.hasValue("application/problem+json");
		assertThat(ApiClient.json(response).get("detail").asString()).as(accept + " " + path)
			.isEqualTo(JsonAcceptance.UNREADABLE);
		assertThat(ApiClient.json(response).get("instance").asString()).isEqualTo(path);
	}

	private static String bookings(long eventId) {
		return "/api/events/" + eventId + "/bookings";
	}

}
