package io.minitickets.loadtests.client;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.minitickets.localstack.stack.StackException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * {@link ApiClient} against a plain HTTP server that answers what api-service answers: a 503 (nothing accepted, with
 * {@code retryAfterSeconds}) is sent again, as a client should, as a fault run's Postgres restart leaves api-service's
 * pool empty for a few seconds after the database accepts connections again (CI, 2026-12-03: "POST /api/admin/events
 * answered 503 (expected 201)" right after a {@code postgres-kill}).
 */
class ApiClientTests {

	private static final String UNAVAILABLE = """
			{"status":503,"detail":"The database cannot answer right now; nothing was accepted.","retryAfterSeconds":1}""";

	private HttpServer server;

	@AfterEach
	void stop() {
		if (this.server != null) {
			this.server.stop(0);
		}
	}

	@Test
	void createsAnEventOnceTheServiceAnswersAgainAfterA503() throws IOException {
		AtomicInteger calls = answering(List.of(new Answer(503, UNAVAILABLE), new Answer(201, "{\"id\":7}")));

		try (HttpClient http = HttpClient.newHttpClient()) {
			long id = client(http).createEvent("token", "Gala", 10, Instant.parse("2026-12-03T00:00:00Z"));

			assertThat(id).isEqualTo(7);
			assertThat(calls).hasValue(2);
		}
	}

	@Test
	void anAnswerOtherThan503IsNotSentAgain() throws IOException {
		AtomicInteger calls = answering(List.of(new Answer(400, "{\"detail\":\"'capacity' must be positive\"}")));

		try (HttpClient http = HttpClient.newHttpClient()) {
			assertThatExceptionOfType(StackException.class)
				.isThrownBy(() -> client(http).createEvent("token", "Gala", 0, Instant.parse("2026-12-03T00:00:00Z")))
				.withMessageContaining("answered 400 (expected 201)");
			assertThat(calls).hasValue(1);
		}
	}

	@Test
	void aRunsHttpClientSpeaksHttp11AndGivesUpConnectingAfterFiveSeconds() {
		try (HttpClient http = ApiClient.newHttpClient()) {
			assertThat(http.version()).isEqualTo(HttpClient.Version.HTTP_1_1);
			assertThat(http.connectTimeout()).contains(Duration.ofSeconds(5));
		}
	}

	private ApiClient client(HttpClient http) {
		return new ApiClient(http, URI.create("http://127.0.0.1:" + this.server.getAddress().getPort()));
	}

	/** Answers the given answers in turn, the last one again once they are used up. */
	private AtomicInteger answering(List<Answer> answers) throws IOException {
		AtomicInteger calls = new AtomicInteger();
		Iterator<Answer> next = answers.iterator();
		Answer[] last = { answers.getFirst() };
		this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		this.server.createContext("/api/admin/events", (exchange) -> {
			calls.incrementAndGet();
			exchange.getRequestBody().readAllBytes();
			if (next.hasNext()) {
				last[0] = next.next();
			}
			byte[] body = last[0].body().getBytes(StandardCharsets.UTF_8);
			exchange.getResponseHeaders().add("Content-Type", "application/problem+json");
			exchange.sendResponseHeaders(last[0].status(), body.length);
			exchange.getResponseBody().write(body);
			exchange.close();
		});
		this.server.start();
		return calls;
	}

	private record Answer(int status, String body) {

	}

}
