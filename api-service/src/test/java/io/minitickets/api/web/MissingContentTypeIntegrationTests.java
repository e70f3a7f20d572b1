package io.minitickets.api.web;

import java.net.http.HttpResponse;
import java.util.List;

import io.minitickets.api.ApiClient;
import io.minitickets.api.ApiIntegrationTest;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A JSON body sent without {@code Content-Type} is refused with 415 problem+json saying so, on every endpoint that reads
 * JSON as on the booking route ({@code BookingRouteIntegrationTests}), not as a type the client never sent
 * ({@code application/octet-stream}, what Spring MVC assumes); nothing is read or done.
 */
class MissingContentTypeIntegrationTests extends ApiIntegrationTest {

	private static final String DETAIL = "The request has no Content-Type header: send the body as application/json.";

	@Test
	void everyJsonEndpointNamesTheMissingContentTypeAsTheBookingRouteDoes() {
		long eventId = createOpenEvent(3);
		String name = "untyped " + System.nanoTime();
		String email = System.nanoTime() + "@untyped.test";
		long userId = 1_000_000_000L + System.nanoTime() % 1_000_000L;

		List<HttpResponse<String>> responses = List.of(
				this.api.sendUntyped("POST", "/api/events/" + eventId + "/bookings", "{\"quantity\":1}",
						"Authorization", "Bearer " + newUserToken()),
				this.api.sendUntyped("POST", "/api/events/" + eventId + "/waitlist", "{\"quantity\":1}",
						"Authorization", "Bearer " + mint(userId)),
				this.api.sendUntyped("POST", "/api/admin/events", "{\"name\":\"" + name + "\",\"capacity\":5,"
						+ "\"saleOpensAt\":\"2026-01-01T00:00:00Z\"}", "Authorization", "Bearer " + adminToken()),
				this.api.sendUntyped("POST", "/api/admin/users", "{\"email\":\"" + email + "\",\"password\":"
						+ "\"long-enough-password\"}", "Authorization", "Bearer " + adminToken()),
				this.api.sendUntyped("PUT", "/api/admin/events/" + eventId + "/waiting-room",
						"{\"enabled\":true,\"admission\":{\"mode\":\"fixed\",\"perSecond\":5}}", "Authorization",
						"Bearer " + adminToken()),
				this.api.sendUntyped("POST", "/api/auth/login",
						"{\"email\":\"admin@test.local\",\"password\":\"admin-password\"}"));

		for (HttpResponse<String> response : responses) {
			String what = response.request().method() + " " + response.request().uri().getPath() + " -> "
					+ response.body();
			assertThat(response.statusCode()).as(what).isEqualTo(415);
			assertThat(response.headers().firstValue("Content-Type")).as(what).hasValue("application/problem+json");
			assertThat(ApiClient.json(response).get("detail").asString()).as(what).isEqualTo(DETAIL);
			// what each reads: Spring MVC's converters also list application/yaml
			assertThat(response.headers().firstValue("Accept")).as(what)
				.hasValueSatisfying((accept) -> assertThat(accept).startsWith("application/json, "));
		}
		assertThat(this.jdbc.sql("select count(*) from events where name = ?").param(name).query(Long.class).single())
			.isZero();
		assertThat(this.jdbc.sql("select count(*) from users where email = ?").param(email).query(Long.class).single())
			.isZero();
		assertThat(this.jdbc.sql("select count(*) from waitlist_entries where user_id = ?")
			.param(userId)
			.query(Long.class)
			.single()).isZero();
		assertThat(this.jdbc.sql("select waiting_room_enabled from events where id = ?")
			.param(eventId)
			.query(Boolean.class)
			.single()).isFalse();
	}

	@Test
	void aJsonEndpointStillReadsItsBodyWhenTypedAndRefusesAnotherTypeByName() {
		HttpResponse<String> typed = this.api.post("/api/auth/login",
				"{\"email\":\"admin@test.local\",\"password\":\"admin-password\"}", null);
		HttpResponse<String> text = this.api.send("POST", "/api/auth/login",
				"{\"email\":\"admin@test.local\",\"password\":\"admin-password\"}", "Content-Type", "text/plain");

		assertThat(typed.statusCode()).as(typed.body()).isEqualTo(200);
		assertThat(text.statusCode()).isEqualTo(415);
		assertThat(ApiClient.json(text).get("detail").asString())
			.isEqualTo("Content-Type 'text/plain;charset=UTF-8' is not supported.");
	}

}
