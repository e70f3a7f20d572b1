package io.minitickets.api.booking;

import java.net.http.HttpResponse;
import java.util.UUID;

import io.minitickets.api.ApiClient;
import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.valkey.ValkeyConnection;
import io.minitickets.core.valkey.ValkeyKeys;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 7 item 9: a send that fails before the record is appended — whatever the exception — gives back the lease
 * and the PENDING status and frees the Idempotency-Key, once, and answers 503 (the booking certainly does not exist).
 */
class UnsentBookingIntegrationTests extends ProducerFaultsIntegrationTest {

	@Autowired
	private InventoryGate gate;

	@Autowired
	private ValkeyConnection valkey;

	@Autowired
	private ValkeyKeys keys;

	@Test
	void givesBackWhatTheRequestTookWhenTheProducerThrowsAnythingBeforeAppending() {
		long eventId = createOpenEvent(3);
		String token = newUserToken();
		FailingPartitioner
			.failNextSend(new IllegalStateException("Cannot perform operation after producer has been closed"));

		HttpResponse<String> response = book(eventId, 2, token, "Idempotency-Key", "closed-producer");

		assertThat(response.statusCode()).isEqualTo(503);
		BookingApiIntegrationTests.assertProblem(response, "unavailable");
		assertThat(response.headers().firstValue("Retry-After")).hasValue("2");
		UUID bookingId = UUID.fromString(ApiClient.json(response).get("bookingId").asString());
		assertThat(ApiClient.json(response).get("detail").asString()).contains("was not accepted");
		assertThat(this.gate.available(eventId)).hasValue(3);
		assertThat(this.gate.snapshot(eventId).leases()).isEmpty();
		assertThat(this.valkey.sync().exists(this.keys.bookingStatus(bookingId))).isZero();
		assertThat(this.api.get("/api/bookings/" + bookingId, token).statusCode()).as("not booked").isEqualTo(404);

		HttpResponse<String> retry = book(eventId, 2, token, "Idempotency-Key", "closed-producer");
		assertThat(retry.statusCode()).as("the key was freed: the retry runs").isEqualTo(202);
		assertThat(ApiClient.json(retry).get("bookingId").asString()).isEqualTo(bookingId.toString());
		assertThat(this.gate.available(eventId)).hasValue(1);
	}

}
