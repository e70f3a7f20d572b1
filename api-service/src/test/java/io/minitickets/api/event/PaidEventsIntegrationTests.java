package io.minitickets.api.event;

import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;

import io.minitickets.api.ApiClient;
import io.minitickets.api.ApiIntegrationTest;
import io.minitickets.core.messaging.BookingStatus;
import io.minitickets.core.status.BookingStatusCache;
import io.minitickets.core.status.CachedBooking;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 16: events carry a price, a currency and their hold, offer and cancellation windows; every bad value is a 400
 * problem naming the field and its bound, and nothing is created; a paid event's booking shows its hold, a free
 * one's shows none.
 */
class PaidEventsIntegrationTests extends ApiIntegrationTest {

	@Autowired
	private BookingStatusCache statusCache;

	@Test
	void createsAPaidEventAndShowsItsTerms() {
		HttpResponse<String> created = this.api.post("/api/admin/events", """
				{"name":"Paid night","capacity":20,"saleOpensAt":"2026-01-01T00:00:00Z","price":2500,"currency":"EUR",
				 "holdSeconds":90,"offerSeconds":120,"cancellableUntil":"2099-01-01T00:00:00Z"}""", adminToken());

		assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
		long id = ApiClient.json(created).get("id").asLong();
		for (JsonNode event : new JsonNode[] { ApiClient.json(created),
				ApiClient.json(this.api.get("/api/events/" + id, adminToken())) }) {
			assertThat(event.get("price").asLong()).isEqualTo(2500);
			assertThat(event.get("currency").asString()).isEqualTo("EUR");
			assertThat(event.get("holdSeconds").asInt()).isEqualTo(90);
			assertThat(event.get("offerSeconds").asInt()).isEqualTo(120);
			assertThat(event.get("cancellableUntil").asString()).isEqualTo("2099-01-01T00:00:00Z");
		}
	}

	@Test
	void aFreeEventHasTheDefaultWindowsAndMayNameACurrency() {
		HttpResponse<String> created = this.api.post("/api/admin/events", """
				{"name":"Free night","capacity":20,"saleOpensAt":"2026-01-01T00:00:00Z","currency":"USD"}""",
				adminToken());

		assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
		JsonNode event = ApiClient.json(this.api.get("/api/events/" + ApiClient.json(created).get("id").asLong(),
				adminToken()));
		assertThat(event.get("price").asLong()).isZero();
		assertThat(event.get("currency").asString()).isEqualTo("USD");
		assertThat(event.get("holdSeconds").asInt()).isEqualTo(600);
		assertThat(event.get("offerSeconds").asInt()).isEqualTo(1800);
		assertThat(event.get("cancellableUntil").isNull()).isTrue();
	}

	@Test
	void refusesEachBadTermWithAProblemNamingTheFieldAndTheBound() {
		String name = "bad terms " + UUID.randomUUID();
		Map<String, String> refusals = Map.of(
				"\"price\":-1,\"currency\":\"EUR\"", "'price' must be greater than or equal to 0",
				"\"price\":100000001,\"currency\":\"EUR\"", "'price' must be less than or equal to 100000000",
				"\"price\":100", "'currency' is required when 'price' is above 0",
				"\"price\":100,\"currency\":\"eur\"", "'currency' must be an ISO 4217 code",
				"\"price\":100,\"currency\":\"EUX\"", "'currency' must be an ISO 4217 code",
				"\"holdSeconds\":4", "'holdSeconds' must be greater than or equal to 5",
				"\"holdSeconds\":86401", "'holdSeconds' must be less than or equal to 86400",
				"\"offerSeconds\":4", "'offerSeconds' must be greater than or equal to 5",
				"\"cancellableUntil\":\"soon\"", "cancellableUntil");

		refusals.forEach((terms, detail) -> {
			HttpResponse<String> response = this.api.post("/api/admin/events",
					"{\"name\":\"" + name + "\",\"capacity\":5,\"saleOpensAt\":\"2026-01-01T00:00:00Z\"," + terms + "}",
					adminToken());

			assertThat(response.statusCode()).as(terms + ": " + response.body()).isEqualTo(400);
			assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(
					(type) -> assertThat(type).startsWith("application/problem+json"));
			assertThat(ApiClient.json(response).get("detail").asString()).as(terms)
				.contains(detail)
				.doesNotContain("java.");
		});
		assertThat(this.jdbc.sql("select count(*) from events where name = ?").param(name).query(Integer.class)
			.single()).isZero();
	}

	/**
	 * Found by a newcomer trying the README (2026-12-03): a misspelt field was ignored, so {@code "pric":2500} made a
	 * free event; an empty or blank string was taken for an absent number or instant; a number was read as an instant
	 * (epoch seconds). Each is now a 400 naming the field, and nothing is created.
	 */
	@Test
	void refusesWhatUsedToBeGuessedAtAnUnknownFieldABlankNumberOrInstantAndANumberForAnInstant() {
		String name = "guessed terms " + UUID.randomUUID();
		Map<String, String> refusals = Map.of(
				"\"pric\":2500,\"currency\":\"EUR\"", "'pric' is not a field of this request",
				"\"price\":\"\",\"currency\":\"EUR\"", "'price' must be an integer",
				"\"holdSeconds\":\"   \"", "'holdSeconds' must be an integer",
				"\"offerSeconds\":\"\"", "'offerSeconds' must be an integer",
				"\"cancellableUntil\":1700000000", "'cancellableUntil' must be an ISO-8601 instant",
				"\"cancellableUntil\":\"\"", "'cancellableUntil' must be an ISO-8601 instant");

		refusals.forEach((terms, detail) -> {
			HttpResponse<String> response = this.api.post("/api/admin/events",
					"{\"name\":\"" + name + "\",\"capacity\":5,\"saleOpensAt\":\"2026-01-01T00:00:00Z\"," + terms + "}",
					adminToken());

			assertThat(response.statusCode()).as(terms + ": " + response.body()).isEqualTo(400);
			assertThat(ApiClient.json(response).get("detail").asString()).as(terms).contains(detail);
		});
		assertThat(this.jdbc.sql("select count(*) from events where name = ?").param(name).query(Integer.class)
			.single()).isZero();
	}

	@Test
	void aHeldBookingShowsItsHoldAndAFreeOneShowsNone() {
		long userId = 4_245_000_000L + (System.nanoTime() % 1_000_000);
		UUID held = UUID.randomUUID();
		UUID free = UUID.randomUUID();
		Instant expiresAt = Instant.parse("2026-12-03T10:00:00Z");
		this.statusCache.put(new CachedBooking(held, 1, userId, 2, BookingStatus.HELD, null,
				new CachedBooking.Hold(expiresAt, 5_000, "EUR")));
		this.statusCache.put(new CachedBooking(free, 2, userId, 1, BookingStatus.CONFIRMED, null, null));

		JsonNode heldView = ApiClient.json(this.api.get("/api/bookings/" + held, mint(userId)));
		JsonNode freeView = ApiClient.json(this.api.get("/api/bookings/" + free, mint(userId)));

		assertThat(heldView.get("status").asString()).isEqualTo("HELD");
		assertThat(heldView.get("holdExpiresAt").asString()).isEqualTo("2026-12-03T10:00:00Z");
		assertThat(heldView.get("amount").asLong()).isEqualTo(5_000);
		assertThat(heldView.get("currency").asString()).isEqualTo("EUR");
		assertThat(freeView.get("status").asString()).isEqualTo("CONFIRMED");
		assertThat(freeView.has("holdExpiresAt")).isFalse();
		assertThat(freeView.has("amount")).isFalse();
		assertThat(freeView.has("currency")).isFalse();
	}

}
