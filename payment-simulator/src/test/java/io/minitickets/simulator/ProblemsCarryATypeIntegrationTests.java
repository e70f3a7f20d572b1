package io.minitickets.simulator;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

import io.minitickets.core.payment.Checkout;
import io.minitickets.core.problem.ProblemTypes;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Found in a user trial (2026-12-05): the simulator's problem+json answers had no {@code type}, and a script posted
 * without Content-Type was told "Content-Type 'null' is not supported". Every problem the simulator answers carries
 * the type the services give the same status, and the 415 says that no Content-Type header was sent.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ProblemsCarryATypeIntegrationTests {

	@LocalServerPort
	int port;

	private SimulatorClient simulator;

	@DynamicPropertySource
	static void simulator(DynamicPropertyRegistry registry) {
		registry.add("minitickets.simulator.api-key", () -> SimulatorClient.API_KEY);
		registry.add("minitickets.simulator.webhook-secret", () -> SimulatorClient.WEBHOOK_SECRET);
		registry.add("minitickets.simulator.webhook-url", () -> "http://127.0.0.1:1/webhook");
	}

	@BeforeEach
	void connect() {
		this.simulator = new SimulatorClient(this.port);
	}

	@Test
	void aScriptWithoutContentTypeIsA415SayingNoneWasSent() throws Exception {
		HttpResponse<String> response = HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/sim/behaviour"))
				.POST(HttpRequest.BodyPublishers.ofString("{}"))
				.build(), HttpResponse.BodyHandlers.ofString());

		assertThat(response.statusCode()).isEqualTo(415);
		JsonNode problem = problem(response, "POST /sim/behaviour without Content-Type");
		assertThat(problem.path("type").asString()).isEqualTo(ProblemTypes.UNSUPPORTED.toString());
		assertThat(problem.path("detail").asString()).containsIgnoringCase("no Content-Type header was sent")
			.contains("application/json")
			.doesNotContain("null");
	}

	@Test
	void everyProblemTheSimulatorAnswersCarriesTheTypeOfItsStatus() {
		Checkout paid = this.simulator.checkout(UUID.randomUUID().toString());
		assertThat(this.simulator.pay(paid).statusCode()).isEqualTo(200);
		Map<String, HttpResponse<String>> answers = new LinkedHashMap<>();
		answers.put("400 a negative delay", this.simulator.post("/sim/behaviour", "{\"delayMs\": -1}"));
		answers.put("400 a misspelt switch", this.simulator.post("/sim/behaviour", "{\"duplicat\": true}"));
		answers.put("404 an unknown checkout session",
				this.simulator.post("/sim/checkout/sessions/cs_unknown/pay", ""));
		answers.put("409 a paid checkout session", this.simulator.pay(paid));
		answers.put("404 an unknown event", this.simulator.post("/sim/events/evt_unknown/replay", ""));
		answers.put("404 an unknown path", this.simulator.get("/sim/nothing-here"));
		answers.put("405 a method the path does not serve", this.simulator.get("/sim/checkout/sessions/cs_x/pay"));
		Map<Integer, URI> types = Map.of(400, ProblemTypes.INVALID_REQUEST, 404, ProblemTypes.NOT_FOUND, 405,
				ProblemTypes.UNSUPPORTED, 409, ProblemTypes.CONFLICT);

		answers.forEach((what, response) -> {
			int status = Integer.parseInt(what.substring(0, 3));
			assertThat(response.statusCode()).as(what).isEqualTo(status);
			JsonNode problem = problem(response, what);
			assertThat(problem.path("status").asInt()).as(what).isEqualTo(status);
			assertThat(problem.path("type").asString()).as(what).isEqualTo(types.get(status).toString());
		});
	}

	private static JsonNode problem(HttpResponse<String> response, String what) {
		assertThat(response.headers().firstValue("Content-Type")).as(what)
			.hasValueSatisfying((type) -> assertThat(type).startsWith("application/problem+json"));
		return SimulatorClient.json(response);
	}

}
