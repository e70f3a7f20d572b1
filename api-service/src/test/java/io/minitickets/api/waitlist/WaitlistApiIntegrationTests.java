package io.minitickets.api.waitlist;

import java.net.http.HttpResponse;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;

import io.minitickets.api.ApiClient;
import io.minitickets.api.ApiIntegrationTest;
import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.schema.ClosedSale;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code /api/events/{id}/waitlist}: a join is refused while the event has seats, taken when the gate or Postgres says
 * sold out (positions in order of joining), once per user; the per-user limit counts the entry; a caller sees and
 * leaves only their own entry; every refusal is a problem and changes nothing.
 */
class WaitlistApiIntegrationTests extends ApiIntegrationTest {

	@Autowired
	private InventoryGate gate;

	@Test
	void aJoinIsRefusedWhileSeatsAreAvailable() {
		long eventId = createOpenEvent(10);

		HttpResponse<String> response = join(eventId, 2, mint(newUserId()));

		assertThat(response.statusCode()).isEqualTo(409);
		assertProblem(response, "conflict");
		assertThat(ApiClient.json(response).get("detail").asString()).contains("seats available");
		assertThat(entries(eventId)).isZero();
	}

	@Test
	void aJoinIsRefusedAsTheBookingRouteRefusesItWhileTheSaleIsNotOpen() {
		Instant opensAt = Instant.now().plusSeconds(3600).truncatedTo(ChronoUnit.SECONDS);
		long upcoming = createEvent(10, opensAt);
		long closed = soldOutInPostgres(createOpenEvent(10));
		this.jdbc.sql("update events set sale_opens_at = ? where id = ?")
			.params(Timestamp.from(ClosedSale.OPENS_AT), closed)
			.update();

		HttpResponse<String> early = join(upcoming, 1, mint(newUserId()));
		HttpResponse<String> late = join(closed, 1, mint(newUserId()));

		assertThat(early.statusCode()).as(early.body()).isEqualTo(409);
		assertProblem(early, "sale-not-open");
		assertThat(ApiClient.json(early).get("detail").asString())
			.isEqualTo("The sale of event " + upcoming + " opens at " + opensAt + ".");
		assertThat(Instant.parse(ApiClient.json(early).get("saleOpensAt").asString())).isEqualTo(opensAt);
		assertThat(late.statusCode()).as(late.body()).isEqualTo(409);
		assertProblem(late, "sale-not-open");
		assertThat(ApiClient.json(late).get("detail").asString())
			.isEqualTo("The sale of event " + closed + " is closed.");
		assertThat(entries(upcoming) + entries(closed)).isZero();
	}

	@Test
	void joinsOfASoldOutEventGetPositionsInOrderAndLeavingMovesTheLineUp() {
		long eventId = soldOutInPostgres(createOpenEvent(10));
		long first = newUserId();
		long second = newUserId();

		HttpResponse<String> firstJoin = join(eventId, 2, mint(first));
		HttpResponse<String> secondJoin = join(eventId, 3, mint(second));

		assertThat(firstJoin.statusCode()).isEqualTo(201);
		assertThat(ApiClient.json(firstJoin).get("position").asLong()).isEqualTo(1);
		assertThat(ApiClient.json(firstJoin).get("state").asString()).isEqualTo("WAITING");
		assertThat(ApiClient.json(firstJoin).get("quantity").asInt()).isEqualTo(2);
		assertThat(ApiClient.json(firstJoin).get("eventId").asLong()).isEqualTo(eventId);
		assertThat(secondJoin.statusCode()).isEqualTo(201);
		assertThat(ApiClient.json(secondJoin).get("position").asLong()).isEqualTo(2);

		HttpResponse<String> again = join(eventId, 1, mint(first));
		assertThat(again.statusCode()).isEqualTo(409);
		assertProblem(again, "conflict");
		assertThat(ApiClient.json(again).get("entryId").asLong())
			.isEqualTo(ApiClient.json(firstJoin).get("entryId").asLong());
		assertThat(entries(eventId)).isEqualTo(2);

		assertThat(this.api.send("DELETE", "/api/events/" + eventId + "/waitlist/me", null, "Authorization",
				"Bearer " + mint(first)).statusCode()).isEqualTo(204);
		assertThat(ApiClient.json(mine(eventId, mint(second))).get("position").asLong()).isEqualTo(1);
		assertThat(mine(eventId, mint(first)).statusCode()).isEqualTo(404);
	}

	@Test
	void theGateSayingSoldOutIsEnough() {
		long eventId = createOpenEvent(10);
		this.gate.load(eventId, 0);

		assertThat(join(eventId, 2, mint(newUserId())).statusCode()).isEqualTo(201);
	}

	@Test
	void someoneElsesEntryIsNotFoundAndCannotBeLeft() {
		long eventId = soldOutInPostgres(createOpenEvent(10));
		long owner = newUserId();
		assertThat(join(eventId, 2, mint(owner)).statusCode()).isEqualTo(201);
		String stranger = mint(newUserId());

		HttpResponse<String> seen = mine(eventId, stranger);
		HttpResponse<String> left = this.api.send("DELETE", "/api/events/" + eventId + "/waitlist/me", null,
				"Authorization", "Bearer " + stranger);

		assertThat(seen.statusCode()).isEqualTo(404);
		assertProblem(seen, "not-found");
		assertThat(left.statusCode()).isEqualTo(404);
		assertProblem(left, "not-found");
		assertThat(ApiClient.json(mine(eventId, mint(owner))).get("state").asString()).isEqualTo("WAITING");
	}

	@Test
	void aTakenEntryIsAConflictToLeaveNotMissing() {
		long eventId = soldOutInPostgres(createOpenEvent(10));
		long userId = newUserId();
		assertThat(join(eventId, 2, mint(userId)).statusCode()).isEqualTo(201);
		UUID offer = UUID.randomUUID();
		this.jdbc.sql("update waitlist_entries set state = 'TAKEN', offer_booking_id = ? where event_id = ?")
			.params(offer, eventId)
			.update();

		HttpResponse<String> left = this.api.send("DELETE", "/api/events/" + eventId + "/waitlist/me", null,
				"Authorization", "Bearer " + mint(userId));

		assertThat(left.statusCode()).isEqualTo(409);
		assertProblem(left, "conflict");
		assertThat(ApiClient.json(left).get("detail").asString()).contains("TAKEN").contains(offer.toString());
		assertThat(ApiClient.json(mine(eventId, mint(userId))).get("state").asString()).isEqualTo("TAKEN");
	}

	@Test
	void thePerUserLimitCountsTheEntryWithTheSeatsTheUserHolds() {
		long eventId = soldOutInPostgres(createOpenEvent(10));
		this.jdbc.sql("update events set per_user_limit = 4 where id = ?").param(eventId).update();
		long userId = newUserId();
		this.jdbc.sql("""
				insert into bookings (id, event_id, user_id, quantity, status, gated, requested_at)
				values (?, ?, ?, 3, 'CONFIRMED', true, now())""").params(UUID.randomUUID(), eventId, userId).update();

		HttpResponse<String> response = join(eventId, 2, mint(userId));

		assertThat(response.statusCode()).isEqualTo(409);
		assertProblem(response, "user-limit");
		assertThat(join(eventId, 1, mint(userId)).statusCode()).isEqualTo(201);
	}

	@Test
	void badQuantitiesAndUnknownEventsAreProblems() {
		long eventId = soldOutInPostgres(createOpenEvent(10));
		String token = mint(newUserId());

		assertProblem(join(eventId, 0, token), "invalid-request");
		assertThat(join(eventId, 0, token).statusCode()).isEqualTo(400);
		assertThat(join(eventId, 11, token).statusCode()).isEqualTo(400);
		assertThat(join(Long.MAX_VALUE, 1, token).statusCode()).isEqualTo(404);
		assertThat(this.api.post("/api/events/" + eventId + "/waitlist", "{", token).statusCode()).isEqualTo(400);
		assertThat(this.api.post("/api/events/x/waitlist", "{\"quantity\":1}", token).statusCode()).isEqualTo(400);
		assertThat(this.api.post("/api/events/" + eventId + "/waitlist", "{\"quantity\":1}", null).statusCode())
			.isEqualTo(401);
		assertThat(entries(eventId)).isZero();
	}

	private long soldOutInPostgres(long eventId) {
		this.jdbc.sql("update events set seats_sold = capacity where id = ?").param(eventId).update();
		return eventId;
	}

	private HttpResponse<String> join(long eventId, int quantity, String token) {
		return this.api.post("/api/events/" + eventId + "/waitlist", "{\"quantity\":" + quantity + "}", token);
	}

	private HttpResponse<String> mine(long eventId, String token) {
		return this.api.get("/api/events/" + eventId + "/waitlist/me", token);
	}

	private long entries(long eventId) {
		return this.jdbc.sql("select count(*) from waitlist_entries where event_id = ?")
			.param(eventId)
			.query(Long.class)
			.single();
	}

	private static void assertProblem(HttpResponse<String> response, String type) {
		assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(
				(contentType) -> assertThat(contentType).startsWith("application/problem+json"));
		assertThat(ApiClient.json(response).get("type").asString()).endsWith("/problems/" + type);
	}

	private static long newUserId() {
		return Math.abs(UUID.randomUUID().getMostSignificantBits() % 1_000_000_000L) + 1;
	}

}
