package io.minitickets.api.booking;

import java.net.http.HttpResponse;
import java.util.UUID;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.minitickets.api.ApiClient;
import io.minitickets.api.ApiIntegrationTest;
import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.valkey.ValkeyConnection;
import io.minitickets.core.valkey.ValkeyKeys;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 7 item 1: an Idempotency-Key entry that no request could have written — another Valkey type, or a string that
 * does not parse — is corrupt: it is counted, replaced under compare-and-set by the request's claim, and the request
 * runs. Never a 500.
 */
class CorruptIdempotencyEntryIntegrationTests extends ApiIntegrationTest {

	@Autowired
	private ValkeyConnection valkey;

	@Autowired
	private ValkeyKeys keys;

	@Autowired
	private MeterRegistry meters;

	@Autowired
	private InventoryGate gate;

	@Test
	void replacesAnEntryOfAnotherTypeAndBooks() {
		long eventId = createOpenEvent(5);
		long userId = newUserId();
		this.valkey.sync().hset(this.keys.idempotency(userId, "hash-entry"), "not", "an answer");
		double before = corrupt("wrong-type");

		HttpResponse<String> response = book(eventId, userId, "hash-entry");

		assertThat(response.statusCode()).isEqualTo(202);
		assertThat(corrupt("wrong-type")).isEqualTo(before + 1);
		assertRememberedAndBookedOnce(eventId, userId, "hash-entry", response);
	}

	@Test
	void replacesAnEntryThatDoesNotParseAndBooks() {
		long eventId = createOpenEvent(5);
		long userId = newUserId();
		this.valkey.sync().set(this.keys.idempotency(userId, "garbled"), "202|not-a-uuid|x");
		double before = corrupt("unreadable");

		HttpResponse<String> response = book(eventId, userId, "garbled");

		assertThat(response.statusCode()).isEqualTo(202);
		assertThat(corrupt("unreadable")).isEqualTo(before + 1);
		assertRememberedAndBookedOnce(eventId, userId, "garbled", response);
	}

	private void assertRememberedAndBookedOnce(long eventId, long userId, String key, HttpResponse<String> response) {
		String bookingId = ApiClient.json(response).get("bookingId").asString();
		assertThat(this.valkey.sync().get(this.keys.idempotency(userId, key))).startsWith("202|" + bookingId + "|");
		HttpResponse<String> again = book(eventId, userId, key);
		assertThat(again.statusCode()).isEqualTo(202);
		assertThat(ApiClient.json(again).get("bookingId").asString()).isEqualTo(bookingId);
		assertThat(this.gate.available(eventId)).hasValue(4);
	}

	private HttpResponse<String> book(long eventId, long userId, String key) {
		return this.api.post("/api/events/" + eventId + "/bookings", "{\"quantity\":1}", mint(userId),
				"Idempotency-Key", key);
	}

	private double corrupt(String kind) {
		Counter counter = this.meters.find("minitickets.idempotency.corrupt").tag("kind", kind).counter();
		return (counter != null) ? counter.count() : 0;
	}

	private static long newUserId() {
		return Math.abs(UUID.randomUUID().getMostSignificantBits() % 1_000_000_000L) + 1;
	}

}
