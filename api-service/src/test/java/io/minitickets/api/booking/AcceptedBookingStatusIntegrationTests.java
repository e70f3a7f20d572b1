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

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 7 item 7: after a 202 the owner's poll answers PENDING, CONFIRMED or REJECTED, never 404. A booking whose
 * PENDING status cannot be written is not sent and not answered 202 (503 instead), so no 202 points to a status that
 * was never written.
 */
class AcceptedBookingStatusIntegrationTests extends ApiIntegrationTest {

	@Autowired
	private ValkeyConnection valkey;

	@Autowired
	private ValkeyKeys keys;

	@Autowired
	private InventoryGate gate;

	@Test
	void aBookingWhosePendingStatusCannotBeWrittenIsNotAccepted() {
		long eventId = createOpenEvent(5);
		long userId = Math.abs(UUID.randomUUID().getMostSignificantBits() % 1_000_000_000L) + 1;
		String token = mint(userId);
		UUID bookingId = IdempotencyStore.bookingIdFor(userId, "status-fails", eventId, 2);
		// The status write fails (a key of the wrong type makes Valkey refuse it; a timeout takes the same path).
		this.valkey.sync().set(this.keys.bookingStatus(bookingId), "not a status hash");

		HttpResponse<String> response = book(eventId, token);
		this.valkey.sync().del(this.keys.bookingStatus(bookingId));
		HttpResponse<String> poll = this.api.get("/api/bookings/" + bookingId, token);

		assertThat(response.statusCode()).as("no 202 without a PENDING status to poll").isEqualTo(503);
		BookingApiIntegrationTests.assertProblem(response, "unavailable");
		assertThat(response.headers().firstValue("Retry-After")).hasValue("2");
		assertThat(ApiClient.json(response).get("bookingId").asString()).isEqualTo(bookingId.toString());
		assertThat(poll.statusCode()).as("it was not booked").isEqualTo(404);
		assertThat(this.gate.available(eventId)).hasValue(5);
		assertThat(this.gate.snapshot(eventId).leases()).isEmpty();

		HttpResponse<String> retry = book(eventId, token);
		assertThat(retry.statusCode()).isEqualTo(202);
		HttpResponse<String> pollAfter202 = this.api.get("/api/bookings/" + bookingId, token);
		assertThat(pollAfter202.statusCode()).isEqualTo(200);
		assertThat(ApiClient.json(pollAfter202).get("status").asString()).isEqualTo("PENDING");
	}

	private HttpResponse<String> book(long eventId, String token) {
		return this.api.post("/api/events/" + eventId + "/bookings", "{\"quantity\":2}", token, "Idempotency-Key",
				"status-fails");
	}

}
