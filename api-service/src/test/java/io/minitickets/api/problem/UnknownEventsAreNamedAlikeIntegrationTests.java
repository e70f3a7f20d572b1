package io.minitickets.api.problem;

import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

import io.minitickets.api.ApiClient;
import io.minitickets.api.ApiIntegrationTest;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Found in a user trial (2026-12-05): an unknown event was "No such event N." on one route and "No event N." on the
 * others, and the caller's waiting-list entry of an event that does not exist was "You have no entry". Every route
 * under an event answers an event that does not exist with the same 404 problem naming it.
 */
class UnknownEventsAreNamedAlikeIntegrationTests extends ApiIntegrationTest {

	private static final long UNKNOWN = Long.MAX_VALUE;

	@Test
	void everyRouteUnderAnEventNamesAnUnknownEventAlike() {
		String user = newUserToken();
		String event = "/api/events/" + UNKNOWN;
		Map<String, HttpResponse<String>> answers = new LinkedHashMap<>();
		answers.put("GET " + event, this.api.get(event, user));
		answers.put("POST " + event + "/bookings", this.api.post(event + "/bookings", "{\"quantity\":1}", user));
		answers.put("POST " + event + "/waitlist", this.api.post(event + "/waitlist", "{\"quantity\":1}", user));
		answers.put("GET " + event + "/waitlist/me", this.api.get(event + "/waitlist/me", user));
		answers.put("DELETE " + event + "/waitlist/me",
				this.api.send("DELETE", event + "/waitlist/me", null, "Authorization", "Bearer " + user));
		answers.put("POST " + event + "/queue", this.api.post(event + "/queue", "", user));
		answers.put("GET " + event + "/queue/{place}", this.api.get(event + "/queue/" + UUID.randomUUID(), user));
		answers.put("PUT /api/admin/events/" + UNKNOWN + "/waiting-room",
				this.api.send("PUT", "/api/admin/events/" + UNKNOWN + "/waiting-room", "{\"enabled\":false}",
						"Authorization", "Bearer " + adminToken()));

		answers.forEach((route, response) -> {
			assertThat(response.statusCode()).as(route + ": " + response.body()).isEqualTo(404);
			assertThat(response.headers().firstValue("Content-Type")).as(route)
				.hasValueSatisfying((type) -> assertThat(type).startsWith("application/problem+json"));
			JsonNode problem = ApiClient.json(response);
			assertThat(problem.get("type").asString()).as(route).endsWith("/problems/not-found");
			assertThat(problem.get("detail").asString()).as(route).isEqualTo("No event " + UNKNOWN + ".");
		});
	}

}
