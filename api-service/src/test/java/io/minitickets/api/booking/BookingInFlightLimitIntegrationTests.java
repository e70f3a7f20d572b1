package io.minitickets.api.booking;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import io.micrometer.core.instrument.MeterRegistry;
import io.minitickets.api.ApiClient;
import io.minitickets.api.ApiIntegrationTest;
import io.minitickets.core.inventory.InventoryGate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The booking route's in-flight limit on the real stack pieces: while the broker's acknowledgements are held (a
 * Kafka that takes records but does not answer, {@link HeldAcknowledgements}), the first {@code max} booking requests
 * wait for it; every request beyond them is answered 503 + Retry-After at once, books nothing and is counted; once the
 * waiting ones are answered the route takes bookings again.
 */
@TestPropertySource(properties = {
		"spring.kafka.producer.properties.interceptor.classes=io.minitickets.api.booking.HeldAcknowledgements",
		"minitickets.booking.send-timeout=20s", "minitickets.booking.in-flight.max=3",
		"minitickets.booking.in-flight.retry-after=2s" })
class BookingInFlightLimitIntegrationTests extends ApiIntegrationTest {

	private static final Duration WAIT = Duration.ofSeconds(30);

	@Autowired
	private BookingInFlightLimit limit;

	@Autowired
	private InventoryGate gate;

	@Autowired
	private MeterRegistry meters;

	@AfterEach
	void releaseAcknowledgements() {
		HeldAcknowledgements.release();
	}

	@Test
	void answers503AtOnceBeyondTheLimitAndTakesBookingsAgainOnceTheWaitingOnesAreAnswered() {
		long eventId = createOpenEvent(100);
		double shedBefore = shed();
		HeldAcknowledgements.hold();
		List<CompletableFuture<HttpResponse<String>>> waiting = new ArrayList<>();
		for (int i = 0; i < 3; i++) {
			String token = newUserToken();
			waiting.add(CompletableFuture.supplyAsync(() -> book(eventId, token)));
		}
		await().atMost(WAIT).until(() -> this.limit.inFlight() == 3);

		List<HttpResponse<String>> beyond = new ArrayList<>();
		for (int i = 0; i < 4; i++) {
			beyond.add(book(eventId, newUserToken()));
		}

		assertThat(waiting).as("the admitted requests are still waiting for the broker")
			.noneMatch(CompletableFuture::isDone);
		for (HttpResponse<String> response : beyond) {
			assertThat(response.statusCode()).isEqualTo(503);
			BookingApiIntegrationTests.assertProblem(response, "unavailable");
			assertThat(response.headers().firstValue("Retry-After")).hasValue("2");
			assertThat(ApiClient.json(response).get("inFlightLimit").asInt()).isEqualTo(3);
			assertThat(ApiClient.json(response).has("bookingId")).as("nothing was booked").isFalse();
		}
		assertThat(shed() - shedBefore).isEqualTo(4);
		assertThat(this.gate.snapshot(eventId).leases()).as("only the admitted requests hold seats").hasSize(3);

		HeldAcknowledgements.release();
		List<HttpResponse<String>> admitted = waiting.stream().map(CompletableFuture::join).toList();
		assertThat(admitted).allSatisfy((response) -> assertThat(ApiClient.json(response).has("inFlightLimit"))
			.as("an admitted request is answered by the booking path, not the limit").isFalse());
		await().atMost(WAIT).until(() -> this.limit.inFlight() == 0);
		HttpResponse<String> after = book(eventId, newUserToken());
		assertThat(after.statusCode()).as("every admitted request gave its place back").isEqualTo(202);
		assertThat(shed() - shedBefore).isEqualTo(4);
	}

	private HttpResponse<String> book(long eventId, String token) {
		return this.api.post("/api/events/" + eventId + "/bookings", "{\"quantity\":1}", token);
	}

	private double shed() {
		return this.meters.get("minitickets.bookings.shed").counter().count();
	}

}
