package io.minitickets.api.web;

import java.net.http.HttpResponse;
import java.util.List;

import io.minitickets.api.ApiClient;
import io.minitickets.api.ApiIntegrationTest;
import io.minitickets.core.inventory.InventoryGate;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An id in a path is decimal digits without a leading zero: the event an id names has one spelling, and any other
 * ({@code %201}, {@code 1%20}, {@code 01}, a sign) is a 400 problem, on the booking route and on the event read alike.
 */
class PathIdsIntegrationTests extends ApiIntegrationTest {

	@Autowired
	private InventoryGate gate;

	@Test
	void refusesEveryOtherSpellingOfAnEventIdWithA400() {
		long eventId = createOpenEvent(3);
		String token = newUserToken();
		assertThat(this.api.get("/api/events/" + eventId, null).statusCode()).isEqualTo(200);

		for (String id : spellings(eventId)) {
			HttpResponse<String> read = this.api.get("/api/events/" + id, null);
			HttpResponse<String> booking = this.api.post("/api/events/" + id + "/bookings", "{\"quantity\":1}", token);

			assertThat(read.statusCode()).as("GET " + id).isEqualTo(400);
			assertThat(read.headers().firstValue("Content-Type")).as(id).hasValue("application/problem+json");
			assertThat(ApiClient.json(read).get("detail").asString()).as(id)
				.startsWith("'id' must be an id: decimal digits without a leading zero");
			assertThat(booking.statusCode()).as("POST " + id).isEqualTo(400);
			assertThat(ApiClient.json(booking).get("detail").asString()).as(id)
				.startsWith("'eventId' must be an id: decimal digits without a leading zero");
		}
		assertThat(this.gate.available(eventId)).as("no seat reserved").hasValue(3);
	}

	@Test
	void answersAnUnknownIdInItsOneSpellingWithA404() {
		HttpResponse<String> read = this.api.get("/api/events/" + Long.MAX_VALUE, null);
		HttpResponse<String> booking = this.api.post("/api/events/0/bookings", "{\"quantity\":1}", newUserToken());

		assertThat(read.statusCode()).isEqualTo(404);
		assertThat(booking.statusCode()).isEqualTo(404);
	}

	private static List<String> spellings(long eventId) {
		return List.of("%20" + eventId, eventId + "%20", "0" + eventId, "00" + eventId,
				"-" + eventId, "-0", "00");
	}

}
