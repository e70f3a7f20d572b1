package io.minitickets.api.booking;

import java.net.http.HttpHeaders;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.minitickets.api.ApiClient;
import io.minitickets.api.ApiIntegrationTest;
import io.minitickets.core.inventory.InventoryGate;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The booking request, served outside Spring MVC and Spring Security's filter chain ({@link BookingRoute}), answers
 * as the API answers behind them: the chain's security headers, the other methods of its path, a JSON content type
 * and Accept, the event id's digits, the firewall's header characters, the 202's body and Location.
 */
class BookingRouteIntegrationTests extends ApiIntegrationTest {

	private static final List<String> SECURITY_HEADERS = List.of("x-content-type-options", "x-xss-protection",
			"cache-control", "pragma", "expires", "x-frame-options", "strict-transport-security");

	@Autowired
	private InventoryGate gate;

	@Test
	void answersWithTheSecurityHeadersTheFilterChainAddsToTheRestOfTheApi() {
		long eventId = createOpenEvent(1);
		String token = newUserToken();
		HttpResponse<String> chain = this.api.get("/api/bookings", token);

		HttpResponse<String> accepted = this.api.post(path(eventId), "{\"quantity\":1}", token);
		HttpResponse<String> soldOut = this.api.post(path(eventId), "{\"quantity\":1}", newUserToken());
		HttpResponse<String> unauthorized = this.api.post(path(eventId), "{\"quantity\":1}", null);

		assertThat(securityHeaders(chain.headers())).isNotEmpty();
		assertThat(List.of(accepted.statusCode(), soldOut.statusCode(), unauthorized.statusCode()))
			.containsExactly(202, 409, 401);
		for (HttpResponse<String> response : List.of(accepted, soldOut, unauthorized)) {
			assertThat(securityHeaders(response.headers())).as(response.body())
				.isEqualTo(securityHeaders(chain.headers()));
		}
		assertThat(unauthorized.headers().firstValue("WWW-Authenticate")).hasValue("Bearer");
	}

	@Test
	void answersTheAcceptedBookingWithItsStatusUrlInBodyAndLocation() {
		HttpResponse<String> response = this.api.post(path(createOpenEvent(2)), "{\"quantity\":1}", newUserToken());

		assertThat(response.statusCode()).isEqualTo(202);
		assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json");
		String bookingId = ApiClient.json(response).get("bookingId").asString();
		assertThat(response.body()).isEqualTo("{\"bookingId\":\"" + bookingId
				+ "\",\"status\":\"PENDING\",\"statusUrl\":\"/api/bookings/" + bookingId + "\"}");
		assertThat(response.headers().firstValue("Location")).hasValue("/api/bookings/" + bookingId);
	}

	@Test
	void answersOtherMethodsOfThePathAfterAuthentication() {
		String path = path(createOpenEvent(2));
		String token = newUserToken();

		HttpResponse<String> get = this.api.get(path, token);
		HttpResponse<String> delete = this.api.send("DELETE", path, null, "Authorization", "Bearer " + token);
		HttpResponse<String> options = this.api.send("OPTIONS", path, null, "Authorization", "Bearer " + token);
		HttpResponse<String> anonymous = this.api.get(path, null);

		assertThat(get.statusCode()).isEqualTo(405);
		assertThat(get.headers().firstValue("Allow")).hasValue("POST");
		assertThat(ApiClient.json(get).get("detail").asString()).isEqualTo("Method 'GET' is not supported.");
		assertThat(delete.statusCode()).isEqualTo(405);
		assertThat(options.statusCode()).isEqualTo(200);
		assertThat(options.headers().firstValue("Allow")).hasValue("POST,OPTIONS");
		assertThat(anonymous.statusCode()).isEqualTo(401);
	}

	@Test
	void readsTheEventIdOnlyAsDecimalDigits() {
		String token = newUserToken();

		HttpResponse<String> letters = this.api.post("/api/events/abc/bookings", "{\"quantity\":1}", token);
		HttpResponse<String> hexadecimal = this.api.post("/api/events/0x1/bookings", "{\"quantity\":1}", token);
		HttpResponse<String> tooLong = this.api.post("/api/events/99999999999999999999/bookings", "{\"quantity\":1}",
				token);
		HttpResponse<String> unknown = this.api.post("/api/events/" + Long.MAX_VALUE + "/bookings",
				"{\"quantity\":1}", token);

		assertThat(letters.statusCode()).isEqualTo(400);
		assertThat(ApiClient.json(letters).get("detail").asString()).isEqualTo(
				"'eventId' must be an id: decimal digits without a leading zero, at most 9223372036854775807, not 'abc'.");
		assertThat(hexadecimal.statusCode()).isEqualTo(400);
		assertThat(tooLong.statusCode()).isEqualTo(400);
		assertThat(unknown.statusCode()).isEqualTo(404);
	}

	@Test
	void refusesAContentTypeItCannotReadNamingTheOnesItCan() {
		long eventId = createOpenEvent(2);

		HttpResponse<String> text = this.api.send("POST", path(eventId), null, "Authorization",
				"Bearer " + newUserToken(), "Content-Type", "text/plain");
		HttpResponse<String> nullBody = this.api.post(path(eventId), "null", newUserToken());
		HttpResponse<String> untyped = this.api.send("POST", path(eventId), null, "Authorization",
				"Bearer " + newUserToken());

		assertThat(text.statusCode()).isEqualTo(415);
		assertThat(ApiClient.json(text).get("detail").asString())
			.isEqualTo("Content-Type 'text/plain;charset=UTF-8' is not supported.");
		assertThat(text.headers().firstValue("Accept")).hasValue("application/json, application/*+json");
		assertThat(untyped.statusCode()).isEqualTo(415);
		assertThat(ApiClient.json(untyped).get("detail").asString())
			.isEqualTo("The request has no Content-Type header: send the body as application/json.");
		assertThat(untyped.headers().firstValue("Accept")).hasValue("application/json, application/*+json");
		assertThat(nullBody.statusCode()).isEqualTo(400);
		assertThat(ApiClient.json(nullBody).get("detail").asString())
			.isEqualTo("The request body is missing or unreadable.");
		assertThat(this.gate.available(eventId)).hasValue(2);
	}

	@Test
	void refusesAHeaderTheFirewallRefusesBeforeReadingTheBody() {
		long eventId = createOpenEvent(2);

		ApiClient.RawResponse response = this.api.sendRaw("POST", path(eventId), "{\"quantity\":1}",
				"Authorization: Bearer " + newUserToken(), "X-Note: a\u0085b");

		assertThat(response.status()).as(response.head() + response.body()).isEqualTo(400);
		assertThat(response.body()).contains("characters that are not allowed");
		assertThat(this.gate.available(eventId)).hasValue(2);
	}

	@Test
	void refusesAFieldTheBookingDoesNotTakeNamingIt() {
		long eventId = createOpenEvent(2);

		HttpResponse<String> response = this.api.post(path(eventId), "{\"quantity\":1,\"seat\":\"A1\"}",
				newUserToken());

		assertThat(response.statusCode()).isEqualTo(400);
		assertThat(ApiClient.json(response).get("detail").asString())
			.isEqualTo("'seat' is not a field of this request; it takes: quantity.");
		assertThat(this.gate.available(eventId)).hasValue(2);
	}

	@Test
	void refusesTwoContentTypeHeadersLikeTheRestOfTheApi() {
		long eventId = createOpenEvent(2);
		String token = newUserToken();

		ApiClient.RawResponse booking = this.api.sendRaw("POST", path(eventId), "{\"quantity\":1}",
				"Authorization: Bearer " + token, "Content-Type: text/plain");
		ApiClient.RawResponse event = this.api.sendRaw("POST", "/api/admin/events",
				"{\"name\":\"two types\",\"capacity\":5,\"saleOpensAt\":\"2026-01-01T00:00:00Z\"}",
				"Authorization: Bearer " + adminToken(), "Content-Type: application/json");

		for (ApiClient.RawResponse response : List.of(booking, event)) {
			assertThat(response.status()).as(response.head() + response.body()).isEqualTo(400);
			assertThat(response.body()).contains("Send one Content-Type header; this request has 2.");
		}
		assertThat(this.gate.available(eventId)).hasValue(2);
		assertThat(this.jdbc.sql("select count(*) from events where name = 'two types'").query(Long.class).single())
			.isZero();
	}

	private static String path(long eventId) {
		return "/api/events/" + eventId + "/bookings";
	}

	private static Map<String, List<String>> securityHeaders(HttpHeaders headers) {
		Map<String, List<String>> found = new TreeMap<>();
		headers.map().forEach((name, values) -> {
			if (SECURITY_HEADERS.contains(name.toLowerCase())) {
				found.put(name.toLowerCase(), values);
			}
		});
		return found;
	}

}
