package io.minitickets.api.event;

import java.net.http.HttpResponse;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

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

	@Test
	void aWrongShapeIsAnsweredWithTheShapeExpectedNeverAClassName() {
		Instant opens = Instant.now().plusSeconds(3600).truncatedTo(ChronoUnit.MILLIS);

		HttpResponse<String> admission = room(opens, "{\"enabled\":true,\"admission\":5}");
		HttpResponse<String> waitingRoom = room(opens, "\"fixed\"");
		HttpResponse<String> put = this.api.send("PUT", "/api/admin/events/" + createOpenEvent(5) + "/waiting-room",
				"{\"enabled\":true,\"admission\":\"auto\"}", "Authorization", "Bearer " + adminToken());

		assertRefused(admission, "'waitingRoom.admission' must be an object like {\\\"mode\\\":\\\"fixed\\\","
				+ "\\\"perSecond\\\":50} or {\\\"mode\\\":\\\"auto\\\"}.");
		assertRefused(waitingRoom, "'waitingRoom' must be an object like {\\\"enabled\\\":true,");
		assertRefused(put, "'admission' must be an object like {\\\"mode\\\":\\\"fixed\\\"");
		for (HttpResponse<String> refused : List.of(admission, waitingRoom, put)) {
			assertThat(ApiClient.json(refused).get("detail").asString()).doesNotContain("Request")
				.doesNotContain("must be a ");
		}
	}

	@Test
	void disablingARoomNeedsNoAdmission() {
		Instant opens = Instant.now().plusSeconds(3600).truncatedTo(ChronoUnit.MILLIS);
		HttpResponse<String> created = room(opens, "{\"enabled\":true,\"admission\":{\"mode\":\"fixed\","
				+ "\"perSecond\":9}}");
		long withRoom = ApiClient.json(created).get("id").asLong();
		long withoutRoom = createOpenEvent(5);

		HttpResponse<String> disabled = this.api.send("PUT", "/api/admin/events/" + withRoom + "/waiting-room",
				"{\"enabled\":false}", "Authorization", "Bearer " + adminToken());
		HttpResponse<String> none = this.api.send("PUT", "/api/admin/events/" + withoutRoom + "/waiting-room",
				"{\"enabled\":false}", "Authorization", "Bearer " + adminToken());
		HttpResponse<String> createdDisabled = room(opens, "{\"enabled\":false}");

		assertThat(disabled.statusCode()).as(disabled.body()).isEqualTo(200);
		JsonNode kept = ApiClient.json(disabled).get("waitingRoom");
		assertThat(kept.get("enabled").asBoolean()).isFalse();
		assertThat(kept.get("admission").get("mode").asString()).as("its admission is kept").isEqualTo("fixed");
		assertThat(kept.get("admission").get("perSecond").asInt()).isEqualTo(9);
		assertThat(none.statusCode()).as(none.body()).isEqualTo(200);
		assertThat(ApiClient.json(none).path("waitingRoom").isMissingNode() || ApiClient.json(none).get("waitingRoom")
			.isNull()).as("an event without a room keeps none: " + none.body()).isTrue();
		assertThat(createdDisabled.statusCode()).as(createdDisabled.body()).isEqualTo(201);
		long disabledEvent = ApiClient.json(createdDisabled).get("id").asLong();
		assertThat(this.api.post("/api/events/" + disabledEvent + "/queue", "", newUserToken()).statusCode())
			.as("no room to join").isEqualTo(404);
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
