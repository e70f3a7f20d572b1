package io.minitickets.simulator;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;

import io.minitickets.core.problem.ProblemTypes;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Found on issue 16 (2026-12-03): a {@code /sim} URL with a broken percent-escape got Tomcat's HTML error page. Such a
 * URL is refused before any controller runs, so the answer is a 400 problem+json that says why, in the path and in
 * the query alike. The requests go over a raw socket: Java's URI refuses to build them.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class BadPercentEscapesAreProblemsIntegrationTests {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	@LocalServerPort
	int port;

	@DynamicPropertySource
	static void simulator(DynamicPropertyRegistry registry) {
		registry.add("minitickets.simulator.api-key", () -> SimulatorClient.API_KEY);
		registry.add("minitickets.simulator.webhook-secret", () -> SimulatorClient.WEBHOOK_SECRET);
		registry.add("minitickets.simulator.webhook-url", () -> "http://127.0.0.1:1/webhook");
	}

	@Test
	void aBrokenEscapeInASimUrlIsA400ProblemNotTomcatsPage() throws IOException {
		for (String request : List.of("POST /sim/checkout/sessions/%zz/pay", "GET /sim/deliveries/%",
				"GET /sim/deliveries?bookingId=%zz", "GET /checkout/cs_%G1")) {
			String[] answer = exchange(request);

			assertThat(answer[0]).as(request).startsWith("HTTP/1.1 400");
			assertThat(answer[0]).as(request).containsIgnoringCase("Content-Type: application/problem+json");
			JsonNode problem = JSON.readTree(answer[1]);
			assertThat(problem.path("status").asInt()).as(request).isEqualTo(400);
			assertThat(problem.path("type").asString()).as(request)
				.isEqualTo(ProblemTypes.INVALID_REQUEST.toString());
			assertThat(problem.path("title").asString()).as(request).isEqualTo("Bad Request");
			assertThat(problem.path("detail").asString()).as(request).contains("percent");
		}
	}

	/** @return the status line and headers, and the body */
	private String[] exchange(String requestLine) throws IOException {
		try (Socket socket = new Socket("127.0.0.1", this.port)) {
			socket.setSoTimeout(10_000);
			OutputStream out = socket.getOutputStream();
			out.write((requestLine + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
				.getBytes(StandardCharsets.US_ASCII));
			out.flush();
			InputStream in = socket.getInputStream();
			String raw = new String(in.readAllBytes(), StandardCharsets.UTF_8);
			int split = raw.indexOf("\r\n\r\n");
			String head = raw.substring(0, split);
			String body = raw.substring(split + 4);
			if (head.toLowerCase().contains("transfer-encoding: chunked")) {
				body = body.substring(body.indexOf("\r\n") + 2, body.lastIndexOf("\r\n0\r\n"));
			}
			return new String[] { head, body.strip() };
		}
	}

}
