package io.minitickets.api.system;

import java.net.http.HttpResponse;

import io.minitickets.api.ApiClient;
import io.minitickets.api.ApiIntegrationTest;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The errors Spring MVC and Tomcat answer before a controller runs carry the same problem body as ours: a stable
 * {@code type}, a {@code title}, the {@code status}, a precise {@code detail} and the {@code instance}.
 */
class ProblemBodiesIntegrationTests extends ApiIntegrationTest {

	@Test
	void describesAMethodTheResourceDoesNotAllow() {
		HttpResponse<String> response = this.api.get("/api/events/1/bookings", newUserToken());

		assertThat(response.statusCode()).isEqualTo(405);
		assertCompleteProblem(ApiClient.json(response), "unsupported", 405, "/api/events/1/bookings");
		assertThat(response.headers().firstValue("Allow")).hasValue("POST");
	}

	@Test
	void describesAMediaTypeTheResourceDoesNotRead() {
		HttpResponse<String> response = this.api.send("POST", "/api/events/1/bookings", null, "Authorization",
				"Bearer " + newUserToken(), "Content-Type", "text/plain");

		assertThat(response.statusCode()).isEqualTo(415);
		assertCompleteProblem(ApiClient.json(response), "unsupported", 415, "/api/events/1/bookings");
	}

	@Test
	void describesABodyThatIsTooLarge() {
		long eventId = createOpenEvent(1);
		String path = "/api/events/" + eventId + "/bookings";

		HttpResponse<String> response = this.api.post(path, "{\"quantity\":1,\"pad\":\"" + "x".repeat(20_000) + "\"}",
				newUserToken());

		assertThat(response.statusCode()).isEqualTo(413);
		assertCompleteProblem(ApiClient.json(response), "too-large", 413, path);
	}

	@Test
	void describesHeadersThatAreTooLarge() {
		ApiClient.RawResponse response = this.api.sendRaw("POST", "/api/events/1/bookings", "{\"quantity\":1}",
				"Authorization: Bearer " + newUserToken(), "Idempotency-Key: " + "k".repeat(20_000));

		assertThat(response.status()).as(response.head() + response.body()).isEqualTo(431);
		assertThat(response.head()).contains("application/problem+json");
		assertThat(response.body()).contains("/problems/too-large").contains("header");
	}

	private static void assertCompleteProblem(JsonNode problem, String type, int status, String instance) {
		assertThat(problem.path("type").asString()).as(problem.toString()).endsWith("/problems/" + type);
		assertThat(problem.path("title").asString()).as(problem.toString()).isNotBlank();
		assertThat(problem.path("status").asInt()).as(problem.toString()).isEqualTo(status);
		assertThat(problem.path("detail").asString()).as(problem.toString()).isNotBlank();
		assertThat(problem.path("instance").asString()).as(problem.toString()).isEqualTo(instance);
	}

}
