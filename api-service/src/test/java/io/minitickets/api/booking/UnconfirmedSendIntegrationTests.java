package io.minitickets.api.booking;

import java.net.http.HttpResponse;
import java.util.UUID;

import io.minitickets.api.ApiClient;
import io.minitickets.api.RequestedTopic;
import io.minitickets.core.inventory.InventoryGate;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 7 item 3, DESIGN.md invariant 4: a send the broker did not acknowledge in time may still be appended, so it
 * keeps its lease and its PENDING status, and its Idempotency-Key stays with its request: a retry of the same request
 * sends the same booking again, a different request with the key is refused.
 */
class UnconfirmedSendIntegrationTests extends ProducerFaultsIntegrationTest {

	@Autowired
	private InventoryGate gate;

	@Test
	void keepsTheLeaseAndThePendingStatusWhenTheBrokerDoesNotConfirmInTime() {
		long eventId = createOpenEvent(5);
		String token = newUserToken();
		HeldAcknowledgements.hold();

		HttpResponse<String> response = book(eventId, 2, token);

		assertThat(response.statusCode()).isEqualTo(503);
		assertThat(response.headers().firstValue("Retry-After")).hasValue("2");
		UUID bookingId = UUID.fromString(ApiClient.json(response).get("bookingId").asString());
		assertThat(this.gate.snapshot(eventId).leases()).containsEntry(bookingId, 2);
		assertThat(this.gate.available(eventId)).hasValue(3);
		HttpResponse<String> poll = this.api.get("/api/bookings/" + bookingId, token);
		assertThat(poll.statusCode()).isEqualTo(200);
		assertThat(ApiClient.json(poll).get("status").asString()).isEqualTo("PENDING");
		assertThat(ApiClient.json(response).get("detail").asString()).contains("may still be accepted")
			.contains("/api/bookings/" + bookingId);

		HeldAcknowledgements.release();
		assertThat(RequestedTopic.find(kafkaBootstrapServers(), bookingId).getValue().get("gated").asBoolean())
			.as("the broker had appended it: its settle will find the lease").isTrue();
	}

	@Test
	void aRetryWithTheSameKeySendsTheSameBookingAgainAndADifferentRequestIsRefused() {
		long eventId = createOpenEvent(5);
		String token = newUserToken();
		HeldAcknowledgements.hold();

		HttpResponse<String> first = book(eventId, 1, token, "Idempotency-Key", "unconfirmed");
		HttpResponse<String> otherRequest = book(eventId, 2, token, "Idempotency-Key", "unconfirmed");
		HeldAcknowledgements.release();
		HttpResponse<String> retry = book(eventId, 1, token, "Idempotency-Key", "unconfirmed");
		HttpResponse<String> again = book(eventId, 1, token, "Idempotency-Key", "unconfirmed");

		assertThat(first.statusCode()).isEqualTo(503);
		UUID bookingId = UUID.fromString(ApiClient.json(first).get("bookingId").asString());
		assertThat(otherRequest.statusCode())
			.as("the key is not free for a different booking while the first one may be booked").isEqualTo(422);
		BookingApiIntegrationTests.assertProblem(otherRequest, "idempotency-key-reused");
		assertThat(retry.statusCode()).isEqualTo(202);
		assertThat(ApiClient.json(retry).get("bookingId").asString()).isEqualTo(bookingId.toString());
		assertThat(again.statusCode()).isEqualTo(202);
		assertThat(ApiClient.json(again).get("bookingId").asString()).isEqualTo(bookingId.toString());
		assertThat(this.gate.snapshot(eventId).leases()).as("one booking, one lease").containsOnlyKeys(bookingId);
		assertThat(this.gate.available(eventId)).hasValue(4);
		assertThat(ApiClient.json(this.api.get("/api/bookings/" + bookingId, token)).get("status").asString())
			.isEqualTo("PENDING");
	}

}
