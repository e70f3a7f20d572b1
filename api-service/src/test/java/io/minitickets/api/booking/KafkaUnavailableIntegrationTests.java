package io.minitickets.api.booking;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import io.minitickets.api.ApiClient;
import io.minitickets.api.ApiIntegrationTest;
import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.testing.TestInfrastructure;
import io.minitickets.core.valkey.ValkeyConnection;
import io.minitickets.core.valkey.ValkeyKeys;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A 202 is a promise (DESIGN.md invariant 2): when the broker cannot take a booking, the API answers 503 with
 * Retry-After within the producer's timeouts and gives the lease back.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "minitickets.jwt.secret=" + ApiIntegrationTest.SECRET,
				"minitickets.topics.partitions=1" })
class KafkaUnavailableIntegrationTests {

	@LocalServerPort
	private int port;

	@LocalManagementPort
	private int managementPort;

	@Autowired
	private InventoryGate gate;

	@Autowired
	private JdbcClient jdbc;

	@Autowired
	private ValkeyConnection valkey;

	@Autowired
	private ValkeyKeys keys;

	@DynamicPropertySource
	static void kafkaDown(DynamicPropertyRegistry registry) {
		TestInfrastructure.register(registry);
		int closed = TestInfrastructure.closedPort();
		registry.add("spring.kafka.bootstrap-servers", () -> "127.0.0.1:" + closed);
	}

	@Test
	void isNotReadyWhileKafkaIsUnreachable() {
		await().atMost(Duration.ofSeconds(60)).ignoreExceptions().untilAsserted(() -> {
			HttpResponse<String> readiness = HttpClient.newHttpClient()
				.send(HttpRequest.newBuilder(URI.create(
						"http://127.0.0.1:" + this.managementPort + "/actuator/health/readiness"))
					.timeout(Duration.ofSeconds(20))
					.build(), HttpResponse.BodyHandlers.ofString());
			assertThat(readiness.statusCode()).isEqualTo(503);
			assertThat(readiness.body()).contains("\"status\":\"DOWN\"");
		});
	}

	@Test
	void answers503WithinTheSendTimeoutAndGivesTheLeaseBack() {
		long eventId = this.jdbc.sql("insert into events (name, capacity, sale_opens_at) values ('e', 3, now())"
				+ " returning id").query(Long.class).single();
		this.gate.load(eventId, 3);
		Instant start = Instant.now();

		HttpResponse<String> response = new ApiClient(this.port).post("/api/events/" + eventId + "/bookings",
				"{\"quantity\":2}", ApiIntegrationTest.mint(7));

		assertThat(response.statusCode()).isEqualTo(503);
		assertThat(response.headers().firstValue("Retry-After")).hasValue("2");
		// The send gives up after minitickets.booking.send-timeout (6 s); a hang would take the client's 60 s.
		assertThat(Duration.between(start, Instant.now())).isLessThan(Duration.ofSeconds(20));
		assertThat(this.gate.available(eventId)).hasValue(3);
		assertThat(this.gate.snapshot(eventId).leases()).isEmpty();
		assertThat(statusEntries()).as("no PENDING status is left for a booking that was not accepted").isEmpty();
		String bookingId = ApiClient.json(response).get("bookingId").asString();
		assertThat(ApiClient.json(response).get("detail").asString()).contains("/api/bookings/" + bookingId);
		assertThat(new ApiClient(this.port).get("/api/bookings/" + bookingId, ApiIntegrationTest.mint(7)).statusCode())
			.as("not booked").isEqualTo(404);
	}

	@Test
	void freesTheIdempotencyKeyOfABookingKafkaDidNotTakeSoARetryRunsAgain() {
		long eventId = this.jdbc.sql("insert into events (name, capacity, sale_opens_at) values ('e', 3, now())"
				+ " returning id").query(Long.class).single();
		this.gate.load(eventId, 3);
		ApiClient api = new ApiClient(this.port);
		String token = ApiIntegrationTest.mint(8);

		HttpResponse<String> first = api.post("/api/events/" + eventId + "/bookings", "{\"quantity\":1}", token,
				"Idempotency-Key", "retry-after-503");
		HttpResponse<String> retry = api.post("/api/events/" + eventId + "/bookings", "{\"quantity\":1}", token,
				"Idempotency-Key", "retry-after-503");

		assertThat(first.statusCode()).isEqualTo(503);
		assertThat(retry.statusCode()).as("the retry runs again, it is not answered 'in progress'").isEqualTo(503);
		assertThat(this.gate.available(eventId)).hasValue(3);
		assertThat(this.valkey.sync().keys(this.keys.idempotency(8, "*"))).isEmpty();
		assertThat(statusEntries()).isEmpty();
	}

	private List<String> statusEntries() {
		return this.valkey.sync().keys(this.keys.prefix() + "bk:*");
	}

}
