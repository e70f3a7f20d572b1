package io.minitickets.api.board;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import io.minitickets.api.ApiClient;
import io.minitickets.api.ApiIntegrationTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalManagementPort;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The sale-day board's data is for role ADMIN only, on the management port only; its page and log-in are public and
 * carry no data.
 */
class BoardIsForAdminsIntegrationTests extends ApiIntegrationTest {

	@LocalManagementPort
	private int managementPort;

	private ApiClient management;

	@BeforeEach
	void managementClient() {
		this.management = new ApiClient(this.managementPort);
	}

	@Test
	void refusesTheDataWithoutATokenWithA401Problem() {
		HttpResponse<String> response = this.management.get("/board/data", null);

		assertThat(response.statusCode()).isEqualTo(401);
		assertThat(response.headers().firstValue("WWW-Authenticate")).hasValue("Bearer");
		assertProblem(response, "/problems/unauthorized");
	}

	@Test
	void refusesTheDataToAUserWithA403Problem() {
		HttpResponse<String> response = this.management.get("/board/data", newUserToken());

		assertThat(response.statusCode()).isEqualTo(403);
		assertProblem(response, "/problems/forbidden");
	}

	@Test
	void givesAnAdminTheDataOfTheEventsOnSale() {
		// opened just now, so it is among the latest the board shows whatever other tests created before
		long eventId = createEvent(40, Instant.now().minusSeconds(1));

		// a sample taken before the event existed stays cached for one period, and the board's first admin request
		// to the broker may take longer than one sample waits
		HttpResponse<String> response = await().atMost(Duration.ofSeconds(30))
			.until(() -> this.management.get("/board/data", adminToken()),
					(answer) -> answer.statusCode() != 200
							|| (ApiClient.json(answer).get("backlog").get("lag").isNumber() && shows(answer, eventId)));

		assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
		assertThat(response.headers().firstValue("Cache-Control")).hasValueSatisfying(
				(value) -> assertThat(value).contains("no-store"));
		var data = ApiClient.json(response);
		assertThat(data.get("events").valueStream().filter((event) -> event.get("id").asLong() == eventId))
			.singleElement()
			.satisfies((event) -> {
				assertThat(event.get("capacity").asInt()).isEqualTo(40);
				assertThat(event.get("sold").asInt()).isZero();
				assertThat(event.get("gate").asLong()).isEqualTo(40);
				assertThat(event.get("drift").asLong()).isZero();
			});
		assertThat(data.get("problems").isEmpty()).as(data.toString()).isTrue();
	}

	@Test
	void logsAnAdminInOnTheManagementPort() {
		HttpResponse<String> login = this.management.post("/board/login",
				"{\"email\":\"admin@test.local\",\"password\":\"admin-password\"}", null, "X-Forwarded-For",
				"10.9.0.1");
		HttpResponse<String> wrong = this.management.post("/board/login",
				"{\"email\":\"admin@test.local\",\"password\":\"wrong\"}", null, "X-Forwarded-For", "10.9.0.2");
		HttpResponse<String> malformed = this.management.post("/board/login", "{\"email\":", null,
				"X-Forwarded-For", "10.9.0.3");

		assertThat(login.statusCode()).as(login.body()).isEqualTo(200);
		String token = ApiClient.json(login).get("token").asString();
		assertThat(this.management.get("/board/data", token).statusCode()).isEqualTo(200);
		assertThat(wrong.statusCode()).isEqualTo(401);
		assertProblem(wrong, "/problems/unauthorized");
		assertThat(malformed.statusCode()).isEqualTo(400);
		assertProblem(malformed, "/problems/invalid-request");
	}

	@Test
	void servesThePageToAnyoneWithAPolicyThatAllowsNothingFromElsewhere() {
		HttpResponse<String> page = this.management.get("/board/", null);
		HttpResponse<String> script = this.management.get("/board/board.js", null);

		assertThat(page.statusCode()).isEqualTo(200);
		assertThat(page.headers().firstValue("Content-Type")).hasValueSatisfying(
				(type) -> assertThat(type).startsWith("text/html"));
		assertThat(page.headers().firstValue("Content-Security-Policy")).hasValue(BoardRoutes.CONTENT_SECURITY_POLICY);
		assertThat(page.body()).contains("Sale-day board").doesNotContain("http://", "https://");
		assertThat(script.statusCode()).isEqualTo(200);
		assertThat(script.body()).contains("Bearer ");
	}

	@Test
	void keepsThePrometheusScrapeWholeWithItsLatencyBuckets() {
		long eventId = createOpenEvent(5);
		HttpResponse<String> booking = this.api.post("/api/events/" + eventId + "/bookings", "{\"quantity\":1}",
				newUserToken());
		assertThat(this.api.get("/api/events/" + eventId, null).statusCode()).isEqualTo(200);

		HttpResponse<String> scrape = this.management.get("/actuator/prometheus", null);

		assertThat(booking.statusCode()).as(booking.body()).isEqualTo(202);
		assertThat(scrape.statusCode()).isEqualTo(200);
		assertThat(scrape.body()).contains("# TYPE http_server_requests_seconds histogram")
			.containsPattern(
					"http_server_requests_seconds_bucket\\{.*uri=\"/api/events/\\{eventId}/bookings\",le=\"0.005\"}");
	}

	@Test
	void isNotServedOnTheApiPortWhoeverAsks() {
		for (String token : java.util.Arrays.asList(adminToken(), newUserToken(), null)) {
			for (String path : List.of("/board/data", "/board/", "/board/login", "/board/other")) {
				HttpResponse<String> response = this.api.get(path, token);

				assertThat(response.statusCode()).as(path + " " + response.body()).isEqualTo(404);
				assertProblem(response, "/problems/not-found");
			}
		}
	}

	private static boolean shows(HttpResponse<String> board, long eventId) {
		return ApiClient.json(board).get("events").valueStream().anyMatch((event) -> event.get("id").asLong() == eventId);
	}

	private static void assertProblem(HttpResponse<String> response, String type) {
		assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(
				(value) -> assertThat(value).startsWith("application/problem+json"));
		assertThat(ApiClient.json(response).get("type").asString()).endsWith(type);
	}

}
