package io.minitickets.api;

import java.net.http.HttpResponse;

import io.minitickets.api.booking.ScratchValkey;
import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.testing.TestInfrastructure;
import io.minitickets.core.testing.TestKafkaConfiguration;
import org.junit.jupiter.api.AfterEach;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * api-service on a private Valkey ({@link ScratchValkey}) whose ACL rules a test may change; each test ends with every
 * key allowed again. Its subclasses share the server, and the application context unless they set properties of their
 * own (a shorter Valkey command timeout for a fault test); the server stops with the JVM.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0",
				"minitickets.jwt.secret=" + ApiIntegrationTest.SECRET, "minitickets.topics.partitions=1" })
@Import(TestKafkaConfiguration.class)
public abstract class ScratchValkeyIntegrationTest {

	protected static final ScratchValkey valkey = ScratchValkey.start();

	@LocalServerPort
	private int port;

	@Autowired
	private JdbcClient jdbc;

	@Autowired
	protected InventoryGate gate;

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

	/**
	 * @return a client of this api-service
	 */
	protected ApiClient api() {
		return new ApiClient(this.port);
	}

	/**
	 * @param capacity seats
	 * @return a new event on sale now, its gate counter loaded
	 */
	protected long openEvent(int capacity) {
		long eventId = this.jdbc.sql("insert into events (name, capacity, sale_opens_at) values ('e', :capacity, now())"
				+ " returning id").param("capacity", capacity).query(Long.class).single();
		this.gate.load(eventId, capacity);
		return eventId;
	}

	/**
	 * @param eventId the event
	 * @param userId the user, whose token is minted
	 * @param headers more request headers, as name, value pairs
	 * @return the answer to booking one seat
	 */
	protected HttpResponse<String> book(long eventId, long userId, String... headers) {
		return api().post("/api/events/" + eventId + "/bookings", "{\"quantity\":1}",
				ApiIntegrationTest.mint(userId), headers);
	}

}
