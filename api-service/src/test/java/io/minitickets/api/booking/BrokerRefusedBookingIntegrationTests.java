package io.minitickets.api.booking;

import java.net.http.HttpResponse;
import java.util.UUID;

import io.minitickets.api.ApiClient;
import io.minitickets.api.ApiIntegrationTest;
import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.valkey.ValkeyConnection;
import io.minitickets.core.valkey.ValkeyKeys;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.kafka.test.context.EmbeddedKafka;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 7 item 3, the definite side after the send: a batch the broker refuses (here: larger than its
 * {@code message.max.bytes}) was not appended, so the lease and the PENDING status are given back and the key is
 * freed, like a send that never left the producer.
 */
@EmbeddedKafka(partitions = 1, brokerProperties = "message.max.bytes=64")
class BrokerRefusedBookingIntegrationTests extends ApiIntegrationTest {

	@Autowired
	private InventoryGate gate;

	@Autowired
	private ValkeyConnection valkey;

	@Autowired
	private ValkeyKeys keys;

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
