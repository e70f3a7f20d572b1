package io.minitickets.api.web;

import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import io.minitickets.api.ApiClient;
import io.minitickets.api.ApiIntegrationTest;
import io.minitickets.core.inventory.InventoryGate;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * JSON is UTF-8 (RFC 8259 section 8.1): a JSON body declared in another charset is refused with 415 problem+json on
 * every endpoint that reads JSON, the booking route included, before anything is read or done; UTF-8 declared in any
 * spelling, or no charset, is read as usual.
 */
class JsonCharsetIntegrationTests extends ApiIntegrationTest {

	private static final AtomicInteger CLIENTS = new AtomicInteger();

	@Autowired
	private InventoryGate gate;

	@Test
	void refusesAJsonBodyDeclaredInAnotherCharsetEverywhere() {
		long eventId = createOpenEvent(3);
		String token = newUserToken();
		String name = "charset " + System.nanoTime();

		for (String contentType : List.of("application/json; charset=UTF-16", "application/json;charset=ISO-8859-1",
				"application/json; charset=\"us-ascii\"", "application/problem+json; charset=windows-1252")) {
			List<HttpResponse<String>> responses = List.of(
					send("/api/events/" + eventId + "/bookings", "{\"quantity\":1}", token, contentType),
					send("/api/admin/events", "{\"name\":\"" + name + "\",\"capacity\":5,"
							+ "\"saleOpensAt\":\"2026-01-01T00:00:00Z\"}", adminToken(), contentType),
					send("/api/admin/users", "{\"email\":\"" + System.nanoTime() + "@charset.test\",\"password\":"
							+ "\"long-enough-password\"}", adminToken(), contentType),
					send("/api/auth/login", "{\"email\":\"admin@test.local\",\"password\":\"admin-password\"}", null,
							contentType));

			for (HttpResponse<String> response : responses) {
				String what = response.request().uri().getPath() + " " + contentType + " -> " + response.body();
				assertThat(response.statusCode()).as(what).isEqualTo(415);
				assertThat(response.headers().firstValue("Content-Type")).as(what).hasValue("application/problem+json");
				assertThat(ApiClient.json(response).get("detail").asString()).as(what)
					.contains("JSON must be sent as UTF-8");
			}
		}
		assertThat(this.gate.available(eventId)).as("no seat reserved").hasValue(3);
		assertThat(this.jdbc.sql("select count(*) from events where name = ?").param(name).query(Long.class).single())
			.isZero();
		assertThat(this.jdbc.sql("select count(*) from users where email like '%@charset.test'").query(Long.class)
			.single()).isZero();
	}

	@Test
	void readsJsonDeclaredAsUtf8InAnySpelling() {
		long eventId = createEvent(10, Instant.now().minusSeconds(60));

		for (String contentType : List.of("application/json;charset=utf-8", "application/json; charset=\"UTF-8\"",
				"application/json; charset=UTF8")) {
			HttpResponse<String> booking = send("/api/events/" + eventId + "/bookings", "{\"quantity\":1}",
					newUserToken(), contentType);
			HttpResponse<String> login = send("/api/auth/login",
					"{\"email\":\"admin@test.local\",\"password\":\"admin-password\"}", null, contentType);

			assertThat(booking.statusCode()).as(contentType + " " + booking.body()).isEqualTo(202);
			assertThat(login.statusCode()).as(contentType + " " + login.body()).isEqualTo(200);
		}
	}

	private HttpResponse<String> send(String path, String body, String token, String contentType) {
		String forwardedFor = "10.77." + (CLIENTS.get() / 250) + "." + (CLIENTS.incrementAndGet() % 250 + 1);
		return (token != null)
				? this.api.send("POST", path, body, "Content-Type", contentType, "Authorization", "Bearer " + token,
						"X-Forwarded-For", forwardedFor)
				: this.api.send("POST", path, body, "Content-Type", contentType, "X-Forwarded-For", forwardedFor);
	}

}
