package io.minitickets.api.booking;

import java.net.http.HttpResponse;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.minitickets.api.ApiClient;
import io.minitickets.api.ApiIntegrationTest;
import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.testing.TestInfrastructure;
import io.minitickets.core.testing.TestKafkaConfiguration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 7 item 1: a Valkey failure on an Idempotency-Key is never a 500. The key cannot be claimed: 503 with
 * Retry-After before anything is taken. Its answer cannot be remembered: the answer stands (the broker has the
 * booking), counted. Valkey refuses by ACL rules on a private server, while the limiter's and the gate's keys work.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0",
				"minitickets.jwt.secret=" + ApiIntegrationTest.SECRET, "minitickets.topics.partitions=1" })
@Import(TestKafkaConfiguration.class)
class IdempotencyStoreUnavailableIntegrationTests {

	private static final ScratchValkey valkey = ScratchValkey.start();

	@LocalServerPort
	private int port;

	@Autowired
	private JdbcClient jdbc;

	@Autowired
	private InventoryGate gate;

	@Autowired
	private MeterRegistry meters;

	@DynamicPropertySource
	static void scratchValkey(DynamicPropertyRegistry registry) {
		TestInfrastructure.registerDatabase(registry);
		registry.add("minitickets.valkey.url", valkey::url);
		registry.add("minitickets.valkey.key-prefix", TestInfrastructure::uniqueKeyPrefix);
	}

	@AfterEach
	void allowEveryKey() {
		valkey.setDefaultUser("allkeys");
	}

	@AfterAll
	static void stop() {
		valkey.close();
	}

	@Test
	void answers503WithRetryAfterWhenTheKeyCannotBeClaimed() {
		long eventId = openEvent();
		valkey.setDefaultUser("resetkeys", "~*rl:*", "~*bk:*", "~*inv:*");

		HttpResponse<String> response = book(eventId, 11, "cannot-claim");

		assertThat(response.statusCode()).isEqualTo(503);
		BookingApiIntegrationTests.assertProblem(response, "unavailable");
		assertThat(response.headers().firstValue("Retry-After")).hasValue("1");
		assertThat(ApiClient.json(response).get("detail").asString()).contains("Idempotency-Key");
		assertThat(this.gate.available(eventId)).as("nothing was taken").hasValue(3);
	}

	@Test
	void keepsTheAcceptedAnswerWhenTheKeyCannotBeRemembered() {
		long eventId = openEvent();
		valkey.setDefaultUser("resetkeys", "~*rl:*", "~*bk:*", "~*inv:*", "(~*idem:* +set)");
		double before = unavailable("remember");

		HttpResponse<String> response = book(eventId, 12, "cannot-remember");

		assertThat(response.statusCode()).isEqualTo(202);
		assertThat(unavailable("remember")).isEqualTo(before + 1);
		assertThat(this.gate.available(eventId)).hasValue(2);
	}

	private long openEvent() {
		long eventId = this.jdbc.sql("insert into events (name, capacity, sale_opens_at) values ('e', 3, now())"
				+ " returning id").query(Long.class).single();
		this.gate.load(eventId, 3);
		return eventId;
	}

	private HttpResponse<String> book(long eventId, long userId, String key) {
		return new ApiClient(this.port).post("/api/events/" + eventId + "/bookings", "{\"quantity\":1}",
				ApiIntegrationTest.mint(userId), "Idempotency-Key", key);
	}

	private double unavailable(String step) {
		Counter counter = this.meters.find("minitickets.idempotency.unavailable").tag("step", step).counter();
		return (counter != null) ? counter.count() : 0;
	}

}
