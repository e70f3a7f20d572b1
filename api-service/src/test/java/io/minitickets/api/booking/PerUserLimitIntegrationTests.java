package io.minitickets.api.booking;

import java.net.http.HttpResponse;
import java.time.Instant;

import io.minitickets.api.ApiClient;
import io.minitickets.api.ApiIntegrationTest;
import io.minitickets.core.inventory.InventoryGate;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An event's per-user limit is applied before Kafka: a quantity above it is refused at once, and the gate counts each
 * user's held and confirmed seats so that requests in flight cannot hold more than the limit between them.
 */
class PerUserLimitIntegrationTests extends ApiIntegrationTest {

	@Autowired
	private InventoryGate gate;

	@Test
	void refusesMoreSeatsThanThePerUserLimitBeforeAnyLease() {
		long eventId = createEventWithPerUserLimit(10, 2);

		HttpResponse<String> refused = book(eventId, 3, newUserToken());

		assertThat(refused.statusCode()).isEqualTo(409);
		BookingApiIntegrationTests.assertProblem(refused, "user-limit");
		assertThat(ApiClient.json(refused).get("detail").asString()).contains("at most 2 seats per user");
		assertThat(this.gate.available(eventId)).hasValue(10);
		assertThat(this.gate.snapshot(eventId).leases()).isEmpty();
	}

	@Test
	void refusesARequestThatWouldTakeAUsersHeldSeatsPastTheLimit() {
		long eventId = createEventWithPerUserLimit(10, 3);
		String user = newUserToken();
		assertThat(book(eventId, 2, user).statusCode()).isEqualTo(202);

		HttpResponse<String> refused = book(eventId, 2, user);

		assertThat(refused.statusCode()).isEqualTo(409);
		BookingApiIntegrationTests.assertProblem(refused, "user-limit");
		assertThat(book(eventId, 1, user).statusCode()).as("within the limit").isEqualTo(202);
		assertThat(book(eventId, 2, newUserToken()).statusCode()).as("another user").isEqualTo(202);
		assertThat(this.gate.available(eventId)).hasValue(5);
	}

	private long createEventWithPerUserLimit(int capacity, int perUserLimit) {
		HttpResponse<String> response = this.api.post("/api/admin/events", """
				{"name":"Limited","capacity":%d,"saleOpensAt":"%s","perUserLimit":%d}""".formatted(capacity,
				Instant.now().minusSeconds(60), perUserLimit), adminToken());
		assertThat(response.statusCode()).isEqualTo(201);
		return ApiClient.json(response).get("id").asLong();
	}

	private HttpResponse<String> book(long eventId, int quantity, String token) {
		return this.api.post("/api/events/" + eventId + "/bookings", "{\"quantity\":" + quantity + "}", token);
	}

}
