package io.minitickets.api.booking;

import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import io.minitickets.api.ApiClient;
import io.minitickets.api.ApiIntegrationTest;
import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.status.BookingStatusCache;
import io.minitickets.core.testing.TestInfrastructure;
import io.minitickets.core.testing.TestKafkaConfiguration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.kafka.autoconfigure.KafkaConnectionDetails;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 17, "Bad input and faults": with a status stream open on a PENDING booking, Valkey going away (a private
 * server, killed and started again empty) keeps the stream open, heartbeats coming; a settlement announced meanwhile,
 * whose status-cache write was lost, is read from Postgres, and the stream carries the final status and closes,
 * never going backwards.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "minitickets.jwt.secret=" + ApiIntegrationTest.SECRET,
				"minitickets.topics.partitions=1", "minitickets.booking.stream.heartbeat=1s" })
@Import(TestKafkaConfiguration.class)
class BookingStreamValkeyOutageIntegrationTests {

	private static final ScratchValkey valkey = ScratchValkey.start();

	private final HttpClient http = HttpClient.newHttpClient();

	@LocalServerPort
	private int port;

	@Autowired
	private JdbcClient jdbc;

	@Autowired
	private InventoryGate gate;

	@Autowired
	private BookingStatusCache cache;

	@Autowired
	private KafkaConnectionDetails kafka;

	@DynamicPropertySource
	static void scratchValkey(DynamicPropertyRegistry registry) {
		TestInfrastructure.registerDatabase(registry);
		registry.add("minitickets.valkey.url", valkey::url);
		registry.add("minitickets.valkey.key-prefix", TestInfrastructure::uniqueKeyPrefix);
	}

	@Test
	@Timeout(120)
	void valkeyGoneThenBackKeepsTheStreamWhichThenCarriesTheFinalStatus() throws Exception {
		long userId = 41;
		String token = ApiIntegrationTest.mint(userId);
		long eventId = this.jdbc.sql("insert into events (name, capacity, sale_opens_at) values ('e', 5, now())"
				+ " returning id").query(Long.class).single();
		this.gate.load(eventId, 5);
		HttpResponse<String> accepted = new ApiClient(this.port).post("/api/events/" + eventId + "/bookings",
				"{\"quantity\":1}", token);
		assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(202);
		UUID bookingId = UUID.fromString(ApiClient.json(accepted).get("bookingId").asString());
		try (SseStream stream = SseStream.open(this.http, this.port, bookingId, token, null)) {
			List<SseStream.Event> events = new ArrayList<>();
			events.add(stream.nextEvent());

			valkey.kill();
			try {
				events.addAll(stream.eventsDuringHeartbeats(3));
				// the worker settles meanwhile; its status-cache write fails
				new SettlingWorker(this.jdbc, this.cache, TestKafkaConfiguration.bootstrapServers(this.kafka))
					.confirm(eventId, bookingId, userId, false);
			}
			finally {
				valkey.startAgain();
			}
			events.addAll(stream.remainingEvents());

			BookingStreamFaultsIntegrationTests.assertNeverBackwards(events, "CONFIRMED");
		}
	}

}
