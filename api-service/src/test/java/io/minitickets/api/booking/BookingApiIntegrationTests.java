package io.minitickets.api.booking;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.minitickets.api.ApiClient;
import io.minitickets.api.ApiIntegrationTest;
import io.minitickets.api.RequestedTopic;
import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.schema.ClosedSale;
import io.minitickets.core.testing.Concurrently;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

class BookingApiIntegrationTests extends ApiIntegrationTest {

	@Autowired
	private InventoryGate gate;

	@Test
	void acceptsABookingOnlyAfterTheBrokerHasItAndPointsToItsStatus() {
		long eventId = createOpenEvent(10);
		String token = newUserToken();

		HttpResponse<String> response = this.api.post("/api/events/" + eventId + "/bookings", "{\"quantity\":2}",
				token);

		assertThat(response.statusCode()).isEqualTo(202);
		JsonNode body = ApiClient.json(response);
		UUID bookingId = UUID.fromString(body.get("bookingId").asString());
		assertThat(body.get("status").asString()).isEqualTo("PENDING");
		assertThat(response.headers().firstValue("Location")).hasValue("/api/bookings/" + bookingId);
		Map.Entry<String, JsonNode> record = RequestedTopic.find(kafkaBootstrapServers(), bookingId);
		assertThat(record.getKey()).isEqualTo(Long.toString(eventId));
		assertThat(record.getValue().get("quantity").asInt()).isEqualTo(2);
		assertThat(record.getValue().get("gated").asBoolean()).isTrue();
		assertThat(this.gate.available(eventId)).hasValue(8);

		HttpResponse<String> poll = this.api.get("/api/bookings/" + bookingId, token);
		assertThat(poll.statusCode()).isEqualTo(200);
		assertThat(ApiClient.json(poll).get("status").asString()).isEqualTo("PENDING");
	}

	@Test
	void answersSoldOutFromTheGateWithoutTouchingPostgres() {
		long eventId = createOpenEvent(1);
		assertThat(book(eventId, 1, newUserToken()).statusCode()).isEqualTo(202);

		HttpResponse<String> soldOut = book(eventId, 1, newUserToken());

		assertThat(soldOut.statusCode()).isEqualTo(409);
		assertProblem(soldOut, "sold-out");
		assertThat(ApiClient.json(soldOut).has("bookingId")).as("no booking exists to point to").isFalse();
		assertThat(this.jdbc.sql("select count(*) from bookings where event_id = ?").param(eventId).query(Long.class)
			.single()).isZero();
	}

	@ParameterizedTest
	@ValueSource(strings = { "{\"quantity\":0}", "{\"quantity\":-1}", "{\"quantity\":11}", "{\"quantity\":\"two\"}",
			"{\"quantity\":1.5}", "{}", "{\"quantity\":", "[]", "", "{\"quantity\":99999999999999}",
			"{\"quantity\":\"2\"}", "{\"quantity\":11,\"quantity\":1}" })
	void rejectsABadBodyWithAPreciseProblemAndStoresNothing(String body) {
		long eventId = createOpenEvent(10);

		HttpResponse<String> response = this.api.post("/api/events/" + eventId + "/bookings", body, newUserToken());

		assertThat(response.statusCode()).isEqualTo(400);
		assertProblem(response, "invalid-request");
		assertThat(ApiClient.json(response).get("detail").asString()).isNotBlank();
		assertThat(this.gate.available(eventId)).hasValue(10);
	}

	@Test
	void answersNotFoundForAnUnknownEvent() {
		HttpResponse<String> response = book(987_654_321L, 1, newUserToken());

		assertThat(response.statusCode()).isEqualTo(404);
		assertProblem(response, "not-found");
	}

	@Test
	void answersConflictBeforeTheSaleOpens() {
		long eventId = createEvent(10, Instant.now().plusSeconds(3600));

		HttpResponse<String> response = book(eventId, 1, newUserToken());

		assertThat(response.statusCode()).isEqualTo(409);
		assertProblem(response, "sale-not-open");
		assertThat(ApiClient.json(response).get("saleOpensAt").asString()).isNotBlank();
	}

	@Test
	void saysAClosedSaleIsClosedRatherThanWhenItOpens() {
		long eventId = createEvent(10, ClosedSale.OPENS_AT);

		HttpResponse<String> response = book(eventId, 1, newUserToken());

		assertThat(response.statusCode()).isEqualTo(409);
		assertProblem(response, "sale-not-open");
		JsonNode problem = ApiClient.json(response);
		assertThat(problem.get("detail").asString()).isEqualTo("The sale of event " + eventId + " is closed.");
		assertThat(problem.has("saleOpensAt")).isFalse();
	}

	@Test
	void namesTheQuantityWhenItIsPastTheRangeOfAnInteger() {
		long eventId = createOpenEvent(10);

		HttpResponse<String> response = this.api.post("/api/events/" + eventId + "/bookings",
				"{\"quantity\": 2147483648}", newUserToken());

		assertThat(response.statusCode()).isEqualTo(400);
		assertThat(ApiClient.json(response).get("detail").asString())
			.isEqualTo("'quantity' must be an integer from -2147483648 to 2147483647.");
		assertThat(this.gate.available(eventId)).hasValue(10);
	}

	@Test
	void refusesMissingExpiredAndForgedTokens() {
		long eventId = createOpenEvent(10);
		String forged = new io.minitickets.core.security.AccessTokens("another-secret-another-secret-another!",
				java.time.Duration.ofHours(1), "minitickets").mint(5, "x@test.local", "USER").token();
		String expired = new io.minitickets.core.security.AccessTokens(SECRET, java.time.Duration.ofMinutes(5),
				"minitickets", java.time.Clock.offset(java.time.Clock.systemUTC(), java.time.Duration.ofHours(-2))).mint(5, "x@test.local", "USER").token();

		for (String token : new String[] { null, forged, expired, "garbage" }) {
			HttpResponse<String> response = book(eventId, 1, token);
			assertThat(response.statusCode()).isEqualTo(401);
			assertProblem(response, "unauthorized");
		}
		assertThat(this.gate.available(eventId)).hasValue(10);
	}

	@Test
	void showsABookingToItsOwnerOnly() {
		long eventId = createOpenEvent(10);
		String owner = newUserToken();
		UUID bookingId = UUID.fromString(ApiClient.json(book(eventId, 1, owner)).get("bookingId").asString());

		assertThat(this.api.get("/api/bookings/" + bookingId, owner).statusCode()).isEqualTo(200);
		HttpResponse<String> other = this.api.get("/api/bookings/" + bookingId, newUserToken());
		assertThat(other.statusCode()).isEqualTo(404);
		assertProblem(other, "not-found");
		assertThat(this.api.get("/api/bookings/not-a-uuid", owner).statusCode()).isEqualTo(404);
	}

	@Test
	void repeatsTheFirstAnswerForARepeatedIdempotencyKey() {
		long eventId = createOpenEvent(1);
		String token = newUserToken();

		HttpResponse<String> first = book(eventId, 1, token, "Idempotency-Key", "order-1");
		HttpResponse<String> again = book(eventId, 1, token, "Idempotency-Key", "order-1");

		assertThat(first.statusCode()).isEqualTo(202);
		assertThat(again.statusCode()).isEqualTo(202);
		assertThat(ApiClient.json(again).get("bookingId")).isEqualTo(ApiClient.json(first).get("bookingId"));
		assertThat(this.gate.available(eventId)).hasValue(0);
		HttpResponse<String> otherKey = book(eventId, 1, token, "Idempotency-Key", "order-2");
		assertThat(otherKey.statusCode()).isEqualTo(409);
		assertThat(book(eventId, 1, token, "Idempotency-Key", "order-2").statusCode()).isEqualTo(409);
	}

	@Test
	void repeatsAClosedSalesAnswerForARepeatedIdempotencyKeyEvenOnceTheSaleReopens() {
		long eventId = createEvent(10, ClosedSale.OPENS_AT);
		String token = newUserToken();
		HttpResponse<String> first = book(eventId, 1, token, "Idempotency-Key", "closed-1");
		this.jdbc.sql("update events set sale_opens_at = now() - interval '1 minute' where id = :id")
			.param("id", eventId)
			.update();
		await().atMost(Duration.ofSeconds(30)).until(() -> book(eventId, 1, newUserToken()).statusCode() == 202);

		HttpResponse<String> again = book(eventId, 1, token, "Idempotency-Key", "closed-1");

		assertThat(first.statusCode()).isEqualTo(409);
		assertThat(again.statusCode()).isEqualTo(409);
		assertProblem(again, "sale-not-open");
		assertThat(ApiClient.json(again).get("detail").asString())
			.isEqualTo("The sale of event " + eventId + " is closed.");
		assertThat(book(eventId, 1, token, "Idempotency-Key", "closed-2").statusCode()).isEqualTo(202);
	}

	@Test
	void refusesAnIdempotencyKeyReusedForADifferentRequest() {
		long eventId = createOpenEvent(5);
		long otherEvent = createOpenEvent(5);
		String token = newUserToken();
		assertThat(book(eventId, 1, token, "Idempotency-Key", "reused").statusCode()).isEqualTo(202);

		HttpResponse<String> otherQuantity = book(eventId, 3, token, "Idempotency-Key", "reused");
		HttpResponse<String> otherEventResponse = book(otherEvent, 1, token, "Idempotency-Key", "reused");

		assertThat(otherQuantity.statusCode()).isEqualTo(422);
		assertProblem(otherQuantity, "idempotency-key-reused");
		assertThat(otherEventResponse.statusCode()).isEqualTo(422);
		assertThat(this.gate.available(eventId)).hasValue(4);
		assertThat(this.gate.available(otherEvent)).hasValue(5);
	}

	@Test
	void booksOnceWhenRequestsWithOneIdempotencyKeyRace() throws Exception {
		long eventId = createOpenEvent(10);
		String token = newUserToken();

		List<HttpResponse<String>> responses = Concurrently.run(8,
				(i) -> () -> book(eventId, 1 + i % 2, token, "Idempotency-Key", "raced"));

		List<HttpResponse<String>> accepted = responses.stream()
			.filter((response) -> response.statusCode() == 202)
			.toList();
		assertThat(accepted).isNotEmpty();
		assertThat(accepted.stream().map((response) -> ApiClient.json(response).get("bookingId")).distinct())
			.hasSize(1);
		assertThat(responses).allSatisfy((response) -> assertThat(response.statusCode()).isIn(202, 409, 422));
		responses.stream()
			.filter((response) -> response.statusCode() == 409)
			.forEach((response) -> {
				assertProblem(response, "request-in-progress");
				assertThat(response.headers().firstValue("Retry-After")).hasValue("1");
			});
		assertThat(this.gate.snapshot(eventId).leases()).hasSize(1);
		int winnerSeats = this.gate.snapshot(eventId).leases().values().iterator().next();
		assertThat(this.gate.available(eventId)).hasValue(10 - winnerSeats);
	}

	@Test
	void refusesTwoIdempotencyKeyHeadersInsteadOfJoiningThem() {
		long eventId = createOpenEvent(5);

		ApiClient.RawResponse response = this.api.sendRaw("POST", "/api/events/" + eventId + "/bookings",
				"{\"quantity\":1}", "Authorization: Bearer " + newUserToken(), "Idempotency-Key: k-a",
				"Idempotency-Key: k-b");

		assertThat(response.status()).isEqualTo(400);
		assertThat(response.body()).contains("/problems/invalid-request").contains("one 'Idempotency-Key' header");
		assertThat(this.gate.available(eventId)).hasValue(5);
	}

	@Test
	void answersANonAsciiHeaderWithAProblemNot500() {
		long eventId = createOpenEvent(5);

		ApiClient.RawResponse response = this.api.sendRaw("POST", "/api/events/" + eventId + "/bookings",
				"{\"quantity\":1}", "Authorization: Bearer " + newUserToken(), "Idempotency-Key: ключ");

		assertThat(response.status()).isEqualTo(400);
		assertThat(response.head()).contains("application/problem+json");
		assertThat(response.body()).contains("/problems/invalid-request");
		assertThat(this.gate.available(eventId)).hasValue(5);
	}

	@Test
	void rejectsAnIdempotencyKeyThatIsTooLong() {
		long eventId = createOpenEvent(1);

		HttpResponse<String> response = book(eventId, 1, newUserToken(), "Idempotency-Key", "k".repeat(256));

		assertThat(response.statusCode()).isEqualTo(400);
		assertThat(this.gate.available(eventId)).hasValue(1);
	}

	private HttpResponse<String> book(long eventId, int quantity, String token, String... headers) {
		return this.api.post("/api/events/" + eventId + "/bookings", "{\"quantity\":" + quantity + "}", token,
				headers);
	}

	static void assertProblem(HttpResponse<String> response, String type) {
		assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(
				(contentType) -> assertThat(contentType).startsWith("application/problem+json"));
		assertThat(ApiClient.json(response).get("type").asString()).endsWith("/problems/" + type);
	}

}
