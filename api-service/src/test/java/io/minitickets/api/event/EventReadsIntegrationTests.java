package io.minitickets.api.event;

import java.net.http.HttpResponse;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.minitickets.api.ApiClient;
import io.minitickets.api.ApiIntegrationTest;
import io.minitickets.core.schema.ClosedSale;
import io.minitickets.core.valkey.ValkeyConnection;
import io.minitickets.core.valkey.ValkeyKeys;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 8: {@code GET /api/events/{id}} is answered from the in-process event cache, not one Postgres query per call,
 * and the events list shows every event's gate counter, read for the whole page at once.
 */
class EventReadsIntegrationTests extends ApiIntegrationTest {

	@Autowired
	private ValkeyConnection valkey;

	@Autowired
	private ValkeyKeys keys;

	@Test
	void oneEventIsReadFromTheCacheNotFromPostgresOnEveryCall() {
		long eventId = createOpenEvent(5);
		HttpResponse<String> first = this.api.get("/api/events/" + eventId, null);
		this.jdbc.sql("update events set name = 'Renamed behind the cache' where id = ?").param(eventId).update();

		HttpResponse<String> second = this.api.get("/api/events/" + eventId, null);

		assertThat(first.statusCode()).isEqualTo(200);
		assertThat(second.statusCode()).isEqualTo(200);
		assertThat(ApiClient.json(second).get("name").asString()).as("served from the cache")
			.isEqualTo("Test event");
		assertThat(ApiClient.json(second).get("gateAvailable").asLong()).as("the gate's counter is live").isEqualTo(5);
		assertThat(this.api.get("/api/events/" + (eventId + 1_000_000), null).statusCode()).isEqualTo(404);
	}

	@Test
	void theListShowsEachEventsOwnGateCounter() {
		long small = createOpenEvent(3);
		long large = createOpenEvent(40);
		long corrupt = createOpenEvent(7);
		this.valkey.sync().set(this.keys.event(corrupt).available(), "1.5");

		Map<Long, JsonNode> listed = new HashMap<>();
		ApiClient.json(this.api.get("/api/events?size=100", null))
			.forEach((event) -> listed.put(event.get("id").asLong(), event));

		assertThat(listed.get(small).get("gateAvailable").asLong()).isEqualTo(3);
		assertThat(listed.get(large).get("gateAvailable").asLong()).isEqualTo(40);
		assertThat(listed.get(corrupt).get("gateAvailable").isNull()).as("a counter that is not a number is unknown")
			.isTrue();
		assertThat(listed.get(large).get("seatsLeft").asInt()).isEqualTo(40);
	}

	@Test
	void saysWhetherASaleIsUpcomingOpenOrClosedAndGivesNoOpeningForAClosedOne() {
		Instant opensAt = Instant.parse("2099-06-01T10:00:00Z");
		long upcoming = createEvent(3, opensAt);
		long open = createOpenEvent(3);
		long closed = createEvent(3, opensAt);
		// as `ops events close` closes a sale: the events table has no closed state (ClosedSale)
		this.jdbc.sql("update events set sale_opens_at = ? where id = ?")
			.params(Timestamp.from(ClosedSale.OPENS_AT), closed)
			.update();

		Map<Long, JsonNode> listed = new HashMap<>();
		ApiClient.json(this.api.get("/api/events?size=100", null))
			.forEach((event) -> listed.put(event.get("id").asLong(), event));
		for (JsonNode event : List.of(ApiClient.json(this.api.get("/api/events/" + closed, null)), listed.get(closed))) {
			assertThat(event.get("saleStatus").asString()).as(event.toString()).isEqualTo("CLOSED");
			assertThat(event.get("saleOpensAt").isNull()).as(event.toString()).isTrue();
		}
		JsonNode later = ApiClient.json(this.api.get("/api/events/" + upcoming, null));
		assertThat(later.get("saleStatus").asString()).isEqualTo("UPCOMING");
		assertThat(later.get("saleOpensAt").asString()).isEqualTo("2099-06-01T10:00:00Z");
		assertThat(ApiClient.json(this.api.get("/api/events/" + open, null)).get("saleStatus").asString())
			.isEqualTo("OPEN");
	}

}
