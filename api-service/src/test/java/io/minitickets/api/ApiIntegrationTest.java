package io.minitickets.api;

import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

import io.minitickets.core.security.AccessTokens;
import io.minitickets.core.testing.TestInfrastructure;
import io.minitickets.core.testing.TestKafkaConfiguration;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.kafka.autoconfigure.KafkaConnectionDetails;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The shared set-up of api-service's integration tests: the real service on a random port against real Postgres
 * (a fresh database), real Valkey (a unique key prefix) and a Kafka broker of its own (an embedded KRaft broker, or a
 * container: {@link TestInfrastructure} chooses). Subclasses that keep this configuration share one application
 * context.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "minitickets.jwt.secret=" + ApiIntegrationTest.SECRET,
				"minitickets.admin.email=admin@test.local", "minitickets.admin.password=admin-password",
				"minitickets.topics.partitions=1", "minitickets.rate-limit.trust-proxy-hops=1",
				"minitickets.booking.stream.heartbeat=1s" })
@Import(TestKafkaConfiguration.class)
public abstract class ApiIntegrationTest {

	/** The signing key the tests mint tokens with. */
	public static final String SECRET = "test-secret-test-secret-test-secret-42";

	@LocalServerPort
	private int port;

	@Autowired
	protected JdbcClient jdbc;

	@Autowired
	private KafkaConnectionDetails kafka;

	protected ApiClient api;

	protected final AccessTokens tokens = new AccessTokens(SECRET, Duration.ofHours(1), "minitickets");

	@DynamicPropertySource
	static void infrastructure(DynamicPropertyRegistry registry) {
		TestInfrastructure.register(registry);
	}

	@BeforeEach
	void client() {
		this.api = new ApiClient(this.port);
	}

	/**
	 * @return the context's Kafka broker, {@code host:port}
	 */
	protected String kafkaBootstrapServers() {
		return TestKafkaConfiguration.bootstrapServers(this.kafka);
	}

	/**
	 * @param userId the user
	 * @return a valid USER token signed with {@link #SECRET}
	 */
	public static String mint(long userId) {
		return new AccessTokens(SECRET, Duration.ofHours(1), "minitickets").mint(userId, "user" + userId + "@test.local",
				"USER").token();
	}

	/**
	 * @return a token for a new user (not in the users table; bookings only need a valid token)
	 */
	protected String newUserToken() {
		long userId = Math.abs(UUID.randomUUID().getMostSignificantBits() % 1_000_000_000L) + 1;
		return this.tokens.mint(userId, "user" + userId + "@test.local", "USER").token();
	}

	/**
	 * @return a token of an admin
	 */
	protected String adminToken() {
		return this.tokens.mint(1_000_000_001L, "admin@test.local", "ADMIN").token();
	}

	/**
	 * Creates an event through the admin API; its gate counter is loaded at once.
	 * @param capacity seats
	 * @param saleOpensAt when its sale opens
	 * @return its id
	 */
	protected long createEvent(int capacity, Instant saleOpensAt) {
		var response = this.api.post("/api/admin/events", """
				{"name":"Test event","capacity":%d,"saleOpensAt":"%s"}""".formatted(capacity, saleOpensAt),
				adminToken());
		if (response.statusCode() != 201) {
			throw new IllegalStateException("event not created: " + response.statusCode() + " " + response.body());
		}
		return ApiClient.json(response).get("id").asLong();
	}

	/**
	 * @param capacity seats
	 * @return the id of an event whose sale is open
	 */
	protected long createOpenEvent(int capacity) {
		return createEvent(capacity, Instant.now().minusSeconds(60));
	}

}
