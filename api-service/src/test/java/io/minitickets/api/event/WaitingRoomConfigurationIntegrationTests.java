package io.minitickets.api.event;

import java.net.http.HttpResponse;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

import io.minitickets.api.ApiClient;
import io.minitickets.api.ApiIntegrationTest;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 18, slice 1: an event's waiting room on the admin API, checked field by field (each fault a 400 naming it,
 * nothing created), stored in Postgres, shown on {@code GET /api/events/{id}}, replaced by {@code PUT}.
 */
class WaitingRoomConfigurationIntegrationTests extends ApiIntegrationTest {

	@Test
	void theAdminApiChecksEachFieldOfAWaitingRoom() {
		Instant opens = Instant.now().plusSeconds(3600).truncatedTo(ChronoUnit.MILLIS);
		assertRefused(room(opens, "{\"opensAt\":\"" + opens.minusSeconds(60) + "\",\"admission\":{\"mode\":\"fixed\","
				+ "\"perSecond\":5}}"), "'waitingRoom.enabled' is required");
		assertRefused(room(opens, "{\"enabled\":true,\"opensAt\":\"" + opens.plusSeconds(1) + "\",\"admission\":"
				+ "{\"mode\":\"fixed\",\"perSecond\":5}}"), "'waitingRoom.opensAt' must be at or before the sale's");
		assertRefused(room(opens, "{\"enabled\":true}"), "'waitingRoom.admission' is required");
		assertRefused(room(opens, "{\"enabled\":true,\"admission\":{\"mode\":\"fast\",\"perSecond\":5}}"),
				"'waitingRoom.admission.mode' must be \\\"fixed\\\" or \\\"auto\\\"");
		assertRefused(room(opens, "{\"enabled\":true,\"admission\":{\"mode\":\"auto\",\"perSecond\":100001}}"),
				"'waitingRoom.admission.perSecond' must be 1 to 100000");
		assertRefused(room(opens, "{\"enabled\":true,\"admission\":{\"mode\":\"fixed\",\"perSecond\":0}}"),
				"'waitingRoom.admission.perSecond' must be 1 to 100000");
		assertRefused(room(opens, "{\"enabled\":true,\"admission\":{\"mode\":\"fixed\",\"perSecond\":5},"
				+ "\"admittedForSeconds\":29}"), "'waitingRoom.admittedForSeconds' must be 30 to 86400");
		assertRefused(room(opens, "{\"enabled\":true,\"admission\":{\"mode\":\"fixed\",\"perSecnd\":5}}"),
				"perSecnd");
		assertThat(this.jdbc.sql("select count(*) from events where sale_opens_at = ?")
			.param(java.sql.Timestamp.from(opens))
			.query(Long.class)
			.single()).as("nothing created").isZero();

		HttpResponse<String> created = room(opens, "{\"enabled\":true,\"opensAt\":\"" + opens.minusSeconds(600)
				+ "\",\"admission\":{\"mode\":\"fixed\",\"perSecond\":50}}");
		assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
		long eventId = ApiClient.json(created).get("id").asLong();
		JsonNode shown = ApiClient.json(this.api.get("/api/events/" + eventId, null)).get("waitingRoom");
		assertThat(shown.get("enabled").asBoolean()).isTrue();
		assertThat(Instant.parse(shown.get("opensAt").asString())).isEqualTo(opens.minusSeconds(600));
		assertThat(shown.get("admission").get("mode").asString()).isEqualTo("fixed");
		assertThat(shown.get("admission").get("perSecond").asInt()).isEqualTo(50);
		assertThat(shown.get("admittedForSeconds").asInt()).isEqualTo(600);

		HttpResponse<String> updated = this.api.send("PUT", "/api/admin/events/" + eventId + "/waiting-room",
				"{\"enabled\":false,\"admission\":{\"mode\":\"fixed\",\"perSecond\":7},\"admittedForSeconds\":60}",
				"Authorization", "Bearer " + adminToken());
		assertThat(updated.statusCode()).as(updated.body()).isEqualTo(200);
		assertThat(ApiClient.json(updated).get("waitingRoom").get("admission").get("perSecond").asInt()).isEqualTo(7);
		assertThat(this.api.send("PUT", "/api/admin/events/" + eventId + "/waiting-room", "{\"enabled\":true}",
				"Authorization", "Bearer " + adminToken()).statusCode()).isEqualTo(400);
		assertThat(this.api.send("PUT", "/api/admin/events/" + Long.MAX_VALUE + "/waiting-room",
				"{\"enabled\":false,\"admission\":{\"mode\":\"fixed\",\"perSecond\":7}}", "Authorization",
				"Bearer " + adminToken()).statusCode()).isEqualTo(404);
		assertThat(this.api.send("PUT", "/api/admin/events/" + eventId + "/waiting-room",
				"{\"enabled\":false,\"admission\":{\"mode\":\"fixed\",\"perSecond\":7}}", "Authorization",
				"Bearer " + newUserToken()).statusCode()).isEqualTo(403);
	}

	private HttpResponse<String> room(Instant saleOpensAt, String waitingRoom) {
		return this.api.post("/api/admin/events", """
				{"name":"Room","capacity":10,"saleOpensAt":"%s","waitingRoom":%s}""".formatted(saleOpensAt, waitingRoom),
				adminToken());
	}

	private static void assertRefused(HttpResponse<String> response, String detail) {
		assertThat(response.statusCode()).as(response.body()).isEqualTo(400);
		assertProblem(response, "invalid-request");
		assertThat(response.body()).contains(detail);
	}

	private static void assertProblem(HttpResponse<String> response, String type) {
		assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(
				(contentType) -> assertThat(contentType).startsWith("application/problem+json"));
		assertThat(ApiClient.json(response).get("type").asString()).endsWith("/problems/" + type);
	}

}
