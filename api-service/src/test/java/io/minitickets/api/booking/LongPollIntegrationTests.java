package io.minitickets.api.booking;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.MeterRegistry;
import io.minitickets.api.ApiClient;
import io.minitickets.api.ApiIntegrationTest;
import io.minitickets.core.status.BookingStatusCache;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.env.Environment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Issue 17 item 2: {@code GET /api/bookings/{id}} with {@code Prefer: wait=N} answers as soon as the booking's status
 * changes, learnt from {@code bookings.settled} by each instance, or after N seconds with the status unchanged; N is
 * capped and {@code Preference-Applied} says what was applied. A second api-service on the same Postgres, Valkey and
 * broker answers waits for bookings the first one accepted. The test plays the worker: Postgres commit, status cache,
 * then the settlement record.
 */
class LongPollIntegrationTests extends ApiIntegrationTest {

	private static SecondApiService second;

	private final HttpClient http = HttpClient.newHttpClient();

	@Autowired
	private Environment environment;

	@Autowired
	private BookingStatusCache cache;

	@Autowired
	private MeterRegistry registry;

	@AfterAll
	static void stopSecondInstance() {
		if (second != null) {
			second.close();
		}
	}

	@Test
	void answersWithinASecondOfTheSettlementEvenWhenTheCacheMissedItWithTheWaitCapped() throws Exception {
		long userId = newUserId();
		String token = mint(userId);
		long eventId = createOpenEvent(5);
		UUID bookingId = book(eventId, token);
		CompletableFuture<HttpResponse<String>> waiting = waitFor(port(), bookingId, token, "wait=999");
		awaitWaiting(this.registry, 1);

		long settledAt = System.nanoTime();
		settle(eventId, bookingId, userId, false);
		HttpResponse<String> answer = waiting.get(20, TimeUnit.SECONDS);

		assertThat(Duration.ofNanos(System.nanoTime() - settledAt)).isLessThan(Duration.ofSeconds(1));
		assertThat(answer.statusCode()).isEqualTo(200);
		assertThat(ApiClient.json(answer).get("status").asString()).isEqualTo("CONFIRMED");
		assertThat(answer.headers().firstValue("Preference-Applied")).as("capped").hasValue("wait=30");
		await().atMost(Duration.ofSeconds(5)).until(() -> waiting(this.registry) == 0);
	}

	@Test
	void answersAtTheTimeoutWithTheStatusUnchanged() throws Exception {
		String token = mint(newUserId());
		UUID bookingId = book(createOpenEvent(5), token);
		long start = System.nanoTime();

		HttpResponse<String> answer = waitFor(port(), bookingId, token, "respond-async, wait=1").get(20,
				TimeUnit.SECONDS);

		assertThat(Duration.ofNanos(System.nanoTime() - start)).isBetween(Duration.ofSeconds(1),
				Duration.ofSeconds(4));
		assertThat(answer.statusCode()).isEqualTo(200);
		assertThat(ApiClient.json(answer).get("status").asString()).isEqualTo("PENDING");
		assertThat(answer.headers().firstValue("Preference-Applied")).hasValue("wait=1");
	}

	@Test
	void aUsersFifthWaitAnswersTheirOldestAtOnceSoWaitsTheyDroppedDoNotHoldTheirPlaces() throws Exception {
		long userId = newUserId();
		String token = mint(userId);
		long eventId = createOpenEvent(5);
		UUID bookingId = book(eventId, token);
		double before = waiting(this.registry);
		List<CompletableFuture<HttpResponse<String>>> waits = new ArrayList<>();
		for (int i = 1; i <= 4; i++) {
			waits.add(waitFor(port(), bookingId, token, "wait=30"));
			awaitWaiting(this.registry, (int) before + i);
		}
		assertThat(waits).noneMatch(CompletableFuture::isDone);

		CompletableFuture<HttpResponse<String>> fifth = waitFor(port(), bookingId, token, "wait=30");
		HttpResponse<String> oldest = waits.get(0).get(10, TimeUnit.SECONDS);

		assertThat(oldest.statusCode()).isEqualTo(200);
		assertThat(ApiClient.json(oldest).get("status").asString()).as("as it is").isEqualTo("PENDING");
		await().atMost(Duration.ofSeconds(5)).until(() -> waiting(this.registry) == before + 4);
		assertThat(waits.subList(1, 4)).as("the user's other waits").noneMatch(CompletableFuture::isDone);
		assertThat(fifth).isNotDone();

		settle(eventId, bookingId, userId, true);
		for (CompletableFuture<HttpResponse<String>> wait : List.of(waits.get(1), waits.get(2), waits.get(3), fifth)) {
			assertThat(ApiClient.json(wait.get(10, TimeUnit.SECONDS)).get("status").asString()).isEqualTo("CONFIRMED");
		}
		await().atMost(Duration.ofSeconds(5)).until(() -> waiting(this.registry) == before);
	}

	@Test
	void someoneElsesBookingIsNotFoundAtOnceWithoutWaiting() throws Exception {
		UUID bookingId = book(createOpenEvent(5), mint(newUserId()));

		HttpResponse<String> answer = waitFor(port(), bookingId, mint(newUserId()), "wait=20").get(5,
				TimeUnit.SECONDS);

		assertThat(answer.statusCode()).isEqualTo(404);
		assertThat(answer.headers().firstValue("Content-Type")).hasValue("application/problem+json");
	}

	@Test
	void theInstanceThatDidNotTakeThe202AnswersOnTheSettlementAndNoStatusGoesBack() throws Exception {
		long userId = newUserId();
		String token = mint(userId);
		long eventId = createOpenEvent(5);
		UUID bookingId = book(eventId, token);
		CompletableFuture<HttpResponse<String>> waiting = waitFor(secondPort(), bookingId, token, "wait=20");
		awaitWaiting(second.meters(), 1);

		long settledAt = System.nanoTime();
		settle(eventId, bookingId, userId, true);
		HttpResponse<String> answer = waiting.get(20, TimeUnit.SECONDS);

		assertThat(Duration.ofNanos(System.nanoTime() - settledAt)).isLessThan(Duration.ofSeconds(1));
		assertThat(ApiClient.json(answer).get("status").asString()).isEqualTo("CONFIRMED");
		for (int instance : new int[] { port(), secondPort() }) {
			HttpResponse<String> poll = new ApiClient(instance).get("/api/bookings/" + bookingId, token);
			HttpResponse<String> again = waitFor(instance, bookingId, token, "wait=5").get(5, TimeUnit.SECONDS);
			assertThat(ApiClient.json(poll).get("status").asString()).isEqualTo("CONFIRMED");
			assertThat(ApiClient.json(again).get("status").asString()).as("a final status answers at once")
				.isEqualTo("CONFIRMED");
		}
	}

	@Test
	void anInstanceWithAsManyWaitsAsItsMostAnswers503AtOnce() throws Exception {
		long userId = newUserId();
		String token = mint(userId);
		long eventId = createOpenEvent(5);
		UUID first = book(eventId, token);
		UUID other = book(eventId, token);
		CompletableFuture<HttpResponse<String>> waiting = waitFor(secondPort(), first, token, "wait=20");
		awaitWaiting(second.meters(), 1);

		HttpResponse<String> refused = waitFor(secondPort(), other, token, "wait=20").get(5, TimeUnit.SECONDS);

		assertThat(refused.statusCode()).isEqualTo(503);
		assertThat(refused.headers().firstValue("Content-Type")).hasValue("application/problem+json");
		assertThat(refused.headers().firstValue("Retry-After")).hasValue("1");
		settle(eventId, first, userId, true);
		assertThat(waiting.get(20, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
	}

	private UUID book(long eventId, String token) {
		HttpResponse<String> response = this.api.post("/api/events/" + eventId + "/bookings", "{\"quantity\":1}",
				token);
		assertThat(response.statusCode()).as(response.body()).isEqualTo(202);
		return UUID.fromString(ApiClient.json(response).get("bookingId").asString());
	}

	private CompletableFuture<HttpResponse<String>> waitFor(int port, UUID bookingId, String token, String prefer) {
		return this.http.sendAsync(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/bookings/"
				+ bookingId))
			.header("Authorization", "Bearer " + token)
			.header("Prefer", prefer)
			.timeout(Duration.ofSeconds(40))
			.build(), HttpResponse.BodyHandlers.ofString());
	}

	private void settle(long eventId, UUID bookingId, long userId, boolean cached) throws Exception {
		new SettlingWorker(this.jdbc, this.cache, kafkaBootstrapServers()).confirm(eventId, bookingId, userId, cached);
	}

	private static void awaitWaiting(MeterRegistry registry, int count) {
		await().atMost(Duration.ofSeconds(10)).until(() -> waiting(registry) >= count);
	}

	private static double waiting(MeterRegistry registry) {
		return registry.get("minitickets.booking.waits").gauge().value();
	}

	private static long newUserId() {
		return Math.abs(UUID.randomUUID().getMostSignificantBits() % 1_000_000_000L) + 1;
	}

	private int port() {
		return Integer.parseInt(this.environment.getProperty("local.server.port"));
	}

	private int secondPort() {
		if (second == null) {
			second = SecondApiService.start(this.environment, kafkaBootstrapServers(),
					"minitickets.booking.wait.max=1");
		}
		return second.port();
	}

}
