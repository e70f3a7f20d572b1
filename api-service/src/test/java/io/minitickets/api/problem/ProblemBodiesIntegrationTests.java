package io.minitickets.api.problem;

import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import io.minitickets.api.ApiClient;
import io.minitickets.api.ApiIntegrationTest;
import io.minitickets.core.inventory.InventoryGate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The errors Spring MVC and Tomcat answer before a controller runs carry the same problem body as ours: a stable
 * {@code type}, a {@code title}, the {@code status}, a precise {@code detail} and the {@code instance}.
 */
class ProblemBodiesIntegrationTests extends ApiIntegrationTest {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	@Autowired
	private InventoryGate gate;

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
	@ExtendWith(OutputCaptureExtension.class)
	void describesHeadersThatAreTooLargeAndLogsOneLineWithoutATrace(CapturedOutput output) {
		ApiClient.RawResponse response = this.api.sendRaw("POST", "/api/events/1/bookings", "{\"quantity\":1}",
				"Authorization: Bearer " + newUserToken(), "Idempotency-Key: " + "k".repeat(20_000));

		assertThat(response.status()).as(response.head() + response.body()).isEqualTo(400);
		assertThat(response.head()).contains("application/problem+json").contains("Connection: close");
		assertThat(response.body()).contains("/problems/invalid-request").contains("header fields are larger")
			.contains("\"instance\":\"/api/events/1/bookings\"");
		assertThat(output.getOut()).contains("Tomcat answered 400 POST /api/events/1/bookings before the API")
			.doesNotContain("header is too large")
			.doesNotContain("at org.apache.coyote");
	}

	@Test
	void refusesAnUnacceptableAcceptBeforeAnythingIsStored() {
		long eventId = createOpenEvent(3);
		String path = "/api/events/" + eventId + "/bookings";

		HttpResponse<String> booking = this.api.send("POST", path, "{\"quantity\":1}", "Authorization",
				"Bearer " + newUserToken(), "Accept", "text/html");
		HttpResponse<String> event = this.api.send("POST", "/api/admin/events",
				"{\"name\":\"html only\",\"capacity\":5,\"saleOpensAt\":\"2026-01-01T00:00:00Z\"}", "Authorization",
				"Bearer " + adminToken(), "Accept", "text/html");

		assertThat(booking.statusCode()).isEqualTo(406);
		assertThat(booking.headers().firstValue("Location")).isEmpty();
		assertThat(this.gate.available(eventId)).as("no seat reserved").hasValue(3);
		assertThat(event.statusCode()).isEqualTo(406);
		assertThat(this.jdbc.sql("select count(*) from events where name = 'html only'").query(Long.class).single())
			.isZero();
	}

	@Test
	void refusesAnEncodedBodyBeforeReadingIt() {
		long eventId = createOpenEvent(3);

		HttpResponse<String> response = this.api.send("POST", "/api/events/" + eventId + "/bookings",
				"{\"quantity\":1}", "Authorization", "Bearer " + newUserToken(), "Content-Encoding", "br");

		assertThat(response.statusCode()).isEqualTo(415);
		assertCompleteProblem(ApiClient.json(response), "unsupported", 415, "/api/events/" + eventId + "/bookings");
		assertThat(this.gate.available(eventId)).hasValue(3);
	}

	@Test
	void refusesNumbersWhereTheBodyNeedsText() {
		HttpResponse<String> login = this.api.post("/api/auth/login", "{\"email\":1,\"password\":2}", null);
		HttpResponse<String> event = this.api.post("/api/admin/events",
				"{\"name\":123,\"capacity\":5,\"saleOpensAt\":\"2026-01-01T00:00:00Z\"}", adminToken());

		assertThat(login.statusCode()).isEqualTo(400);
		assertThat(ApiClient.json(login).get("detail").asString()).contains("'email' must be a string");
		assertThat(event.statusCode()).isEqualTo(400);
		assertThat(ApiClient.json(event).get("detail").asString()).contains("'name' must be a string");
	}

	@Test
	void readsIdsOnlyAsPlainDecimalDigits() {
		long eventId = createOpenEvent(3);
		String token = newUserToken();
		assertThat(this.api.get("/api/events/" + eventId, token).statusCode()).isEqualTo(200);

		// hexadecimal, a plus sign, '#', full-width digits: Spring's own conversion read each as the event
		for (String id : List.of("0x" + Long.toHexString(eventId), "%2B" + eventId, "%23" + eventId,
				fullWidth(eventId))) {
			HttpResponse<String> response = this.api.get("/api/events/" + id, token);

			assertThat(response.statusCode()).as(id).isEqualTo(400);
			assertThat(ApiClient.json(response).get("detail").asString()).as(id).startsWith("'id' must be");
		}
	}

	@Test
	void repeatsAtMost64CharactersOfWhatTheClientSent() {
		String token = newUserToken();
		String digits = "1".repeat(5_000);
		String letters = "a".repeat(5_000);

		List<HttpResponse<String>> answers = List.of(this.api.get("/api/events/" + digits, token),
				this.api.get("/api/events?page=" + letters, token), this.api.get("/api/" + letters, token));

		for (HttpResponse<String> answer : answers) {
			String detail = ApiClient.json(answer).get("detail").asString();
			assertThat(answer.statusCode()).as(detail).isIn(400, 404);
			assertThat(detail).hasSizeLessThan(200).contains("…");
		}
		assertThat(ApiClient.json(answers.get(0)).get("detail").asString()).contains("'" + "1".repeat(64) + "…'");
	}

	private static String fullWidth(long number) {
		StringBuilder encoded = new StringBuilder();
		for (char digit : Long.toString(number).toCharArray()) {
			encoded.append(URLEncoder.encode(String.valueOf((char) ('０' + (digit - '0'))), StandardCharsets.UTF_8));
		}
		return encoded.toString();
	}

	@Test
	void refusesTooManyParametersWithA400() {
		String query = IntStream.range(0, 1001).mapToObj((i) -> "a" + i + "=1").collect(Collectors.joining("&"));

		HttpResponse<String> response = this.api.get("/api/events?" + query, newUserToken());

		assertThat(response.statusCode()).isEqualTo(400);
		assertCompleteProblem(ApiClient.json(response), "invalid-request", 400, "/api/events");
	}

	@Test
	void answersAMethodTheApiDoesNotKnowWithA501NamingIt() {
		String token = newUserToken();
		String bookings = "/api/events/" + createOpenEvent(3) + "/bookings";

		for (String path : List.of("/api/events", bookings, "/api/auth/login")) {
			ApiClient.RawResponse response = this.api.sendRaw("FOO", path, "", "Authorization: Bearer " + token);

			assertThat(response.status()).as(path + ": " + response).isEqualTo(501);
			assertThat(response.head()).as(path).containsIgnoringCase("Content-Type: application/problem+json");
			assertThat(response.body()).as(path)
				.contains("Method 'FOO' is not one this API serves")
				.contains("GET, HEAD, POST, PUT, PATCH, DELETE and OPTIONS");
		}
	}

	@Test
	void answersAnotherMethodOnThePublicPostEndpointsWith405NotWith401() {
		for (String path : List.of("/api/auth/login", "/api/payments/webhook")) {
			for (String method : List.of("GET", "PUT", "DELETE")) {
				HttpResponse<String> response = this.api.send(method, path, null);

				assertThat(response.statusCode()).as(method + " " + path + ": " + response.body()).isEqualTo(405);
				assertThat(response.headers().firstValue("Allow")).as(method + " " + path).hasValue("POST");
				assertThat(ApiClient.json(response).get("detail").asString()).contains("'" + method + "'");
			}
		}
	}

	@Test
	void answersTheErrorPageAskedForDirectlyWithA404() {
		HttpResponse<String> response = this.api.get("/error", newUserToken());

		assertThat(response.statusCode()).isEqualTo(404);
		assertThat(ApiClient.json(response).get("type").asString()).endsWith("/problems/not-found");
	}

	@Test
	void namesNeitherParserInternalsNorStaticResourcesInADetail() {
		long eventId = createOpenEvent(3);
		String token = newUserToken();

		HttpResponse<String> plusSign = this.api.post("/api/events/" + eventId + "/bookings", "{\"quantity\":+1}",
				token);
		HttpResponse<String> trailingSlash = this.api.get("/api/events/" + eventId + "/", token);

		assertThat(plusSign.statusCode()).isEqualTo(400);
		assertThat(ApiClient.json(plusSign).get("detail").asString()).contains("line 1")
			.doesNotContain("Feature")
			.doesNotContain("Stream");
		assertThat(trailingSlash.statusCode()).isEqualTo(404);
		assertThat(ApiClient.json(trailingSlash).get("detail").asString()).doesNotContain("static");
	}

	/**
	 * The 400s of every layer look alike: Tomcat's own (a control character in a header), the security firewall's (a
	 * C1 control character in a header it reads, answered through the error page), Spring MVC's, a controller's and a
	 * filter's (two Authorization headers): one type, one title, one content type.
	 */
	@Test
	void answersEvery400WithTheSameProblemShape() {
		String token = newUserToken();
		String bookings = "/api/events/" + createOpenEvent(3) + "/bookings";
		List<ApiClient.RawResponse> responses = List.of(
				this.api.sendRaw("GET", "/api/events", "", "X-Note: a\u0001b"),
				this.api.sendRaw("GET", "/api/bookings", "", "Authorization: Bearer a\u0085b"),
				this.api.sendRaw("POST", bookings, "{\"quantity\":", "Authorization: Bearer " + token),
				this.api.sendRaw("GET", "/api/events/abc", "", "Authorization: Bearer " + token),
				this.api.sendRaw("POST", bookings, "{\"quantity\":1}", "Authorization: Bearer " + token,
						"Idempotency-Key: k\u00ff"),
				this.api.sendRaw("GET", "/api/bookings", "", "Authorization: Bearer " + token,
						"Authorization: Bearer " + token));

		for (ApiClient.RawResponse response : responses) {
			String raw = response.head() + response.body();
			assertThat(response.status()).as(raw).isEqualTo(400);
			assertThat(response.head()).as(raw).contains("Content-Type: application/problem+json\r\n");
			JsonNode problem = JSON.readTree(response.body().substring(response.body().indexOf('{'),
					response.body().lastIndexOf('}') + 1));
			assertThat(problem.path("type").asString()).as(raw).endsWith("/problems/invalid-request");
			assertThat(problem.path("title").asString()).as(raw).isEqualTo("Invalid request");
			assertThat(problem.path("status").asInt()).as(raw).isEqualTo(400);
			assertThat(problem.path("detail").asString()).as(raw).isNotBlank();
		}
	}

	/**
	 * Tomcat's own 400s say what was wrong, as every other 400 does, not just "Bad Request".
	 */
	@Test
	void saysWhatTomcatFoundWrongInA400() {
		Map<String, String> requests = Map.of("request target",
				"GET /api/ev{ents HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", "Host",
				"GET /api/events HTTP/1.1\r\nConnection: close\r\n\r\n", "content-length",
				"POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\nContent-Length: 3\r\n"
						+ "Connection: close\r\n\r\n{}");

		requests.forEach((names, request) -> {
			String response = this.api.sendBytes(request);

			assertThat(response).as(request).startsWith("HTTP/1.1 400");
			String detail = JSON.readTree(response.substring(response.indexOf("\r\n\r\n") + 4)).get("detail").asString();
			assertThat(detail).as(request).doesNotEndWith("Bad Request.").containsIgnoringCase(names);
		});
		String noHost = this.api.sendBytes(requests.get("Host"));
		assertThat(JSON.readTree(noHost.substring(noHost.indexOf("\r\n\r\n") + 4)).path("instance").asString())
			.as("the path, where Tomcat read one").isEqualTo("/api/events");
	}

	/**
	 * The security firewall's 400 names what it found: a traversal segment, a path parameter, an encoded slash,
	 * percent or period, an empty segment, a character a header may not hold. (Tomcat refuses a raw non-ASCII byte in
	 * the path itself, and the firewall passes an encoded one, read as the decoded character by the endpoint.)
	 */
	@Test
	void saysWhatTheFirewallFoundWrongInA400() {
		Map<String, String> requests = Map.of("/api/../actuator/health", "'..'", "/api/events;jsessionid=1",
				"path parameters", "/api/events/%2E%2E/1", "encoded period (%2E)", "/api/events/%25", "encoded percent",
				"/api//events", "empty segment");
		requests.forEach((path, expected) -> {
			String response = this.api
				.sendBytes("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");

			assertThat(response).as(path).startsWith("HTTP/1.1 400");
			String detail = JSON.readTree(response.substring(response.indexOf("\r\n\r\n") + 4)).get("detail").asString();
			assertThat(detail).as(path).contains(expected).doesNotContain("header").doesNotContain("Exception");
		});

		ApiClient.RawResponse header = this.api.sendRaw("GET", "/api/events", "", "Accept: application/json\u0085");

		assertThat(header.status()).isEqualTo(400);
		assertThat(JSON.readTree(header.body().substring(header.body().indexOf('{'), header.body().lastIndexOf('}') + 1))
			.get("detail")
			.asString()).contains("The Accept header holds characters that are not allowed").doesNotContain("path");
	}

	private static void assertCompleteProblem(JsonNode problem, String type, int status, String instance) {
		assertThat(problem.path("type").asString()).as(problem.toString()).endsWith("/problems/" + type);
		assertThat(problem.path("title").asString()).as(problem.toString()).isNotBlank();
		assertThat(problem.path("status").asInt()).as(problem.toString()).isEqualTo(status);
		assertThat(problem.path("detail").asString()).as(problem.toString()).isNotBlank();
		assertThat(problem.path("instance").asString()).as(problem.toString()).isEqualTo(instance);
	}

}
