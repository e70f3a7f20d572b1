package io.minitickets.api.booking;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.minitickets.api.ApiClient;
import io.minitickets.api.ApiIntegrationTest;
import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.messaging.BookingTopics;
import io.minitickets.core.valkey.ValkeyConnection;
import io.minitickets.core.valkey.ValkeyKeys;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.config.TopicConfig;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Issue 7 item 3, the definite side after the send: a batch the broker refuses (here: larger than the topic's
 * {@code max.message.bytes}) was not appended, so the lease and the PENDING status are given back and the key is
 * freed, like a send that never left the producer. A context of its own (its broker's topic is altered).
 */
@TestPropertySource(properties = "minitickets.booking.send-timeout=5s")
class BrokerRefusedBookingIntegrationTests extends ApiIntegrationTest {

	@Autowired
	private InventoryGate gate;

	@Autowired
	private ValkeyConnection valkey;

	@Autowired
	private ValkeyKeys keys;

	@BeforeEach
	void refuseEveryBooking() throws Exception {
		try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafkaBootstrapServers()))) {
			ConfigResource topic = new ConfigResource(ConfigResource.Type.TOPIC, BookingTopics.REQUESTED);
			admin.incrementalAlterConfigs(Map.of(topic, List.of(new AlterConfigOp(
					new ConfigEntry(TopicConfig.MAX_MESSAGE_BYTES_CONFIG, "64"), AlterConfigOp.OpType.SET))))
				.all()
				.get();
			// The controller has committed the change; the broker applies it from its metadata log a moment later.
			await().atMost(Duration.ofSeconds(30))
				.until(() -> "64".equals(admin.describeConfigs(List.of(topic))
					.all()
					.get()
					.get(topic)
					.get(TopicConfig.MAX_MESSAGE_BYTES_CONFIG)
					.value()));
		}
	}

	@Test
	void givesBackTheLeaseOfABookingTheBrokerRefused() {
		long eventId = createOpenEvent(3);
		String token = newUserToken();

		HttpResponse<String> response = this.api.post("/api/events/" + eventId + "/bookings", "{\"quantity\":2}",
				token, "Idempotency-Key", "too-large");

		assertThat(response.statusCode()).isEqualTo(503);
		UUID bookingId = UUID.fromString(ApiClient.json(response).get("bookingId").asString());
		assertThat(ApiClient.json(response).get("detail").asString()).contains("was not accepted");
		assertThat(this.gate.available(eventId)).hasValue(3);
		assertThat(this.gate.snapshot(eventId).leases()).isEmpty();
		assertThat(this.valkey.sync().exists(this.keys.bookingStatus(bookingId))).isZero();
		assertThat(this.api.get("/api/bookings/" + bookingId, token).statusCode()).isEqualTo(404);
	}

}
