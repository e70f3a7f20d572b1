package io.minitickets.api.queue;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.UUID;

import io.micrometer.core.instrument.MeterRegistry;
import io.minitickets.api.ApiClient;
import io.minitickets.api.ApiIntegrationTest;
import io.minitickets.api.RequestedTopic;
import io.minitickets.api.WorkerGroupOffsets;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Issue 17 item 1: a PENDING booking's status carries {@code queue: {ahead, etaSeconds, asOf}} from its record's
 * offset and the worker group's committed offset, read from the real broker once a second and shared by every poll.
 * The test commits the worker group's offsets itself, as the worker does after each batch. That no ETA is given while
 * no rate is known is {@link SettleRatesTests}'s: other tests of this shared context commit the group's offsets too,
 * so a rate may already be measured when this one starts.
 */
class QueuePositionIntegrationTests extends ApiIntegrationTest {

	@Autowired
	private MeterRegistry registry;

	@Test
	void aPendingBookingsPlaceCountsDownAsTheWorkerSettlesWithAnEtaOnceARateIsMeasured() {
		String token = newUserToken();
		long eventId = createOpenEvent(10);
		for (int i = 0; i < 3; i++) {
			book(eventId, token);
		}
		UUID last = book(eventId, token);
		long offset = RequestedTopic.record(kafkaBootstrapServers(), last).offset();
		try (WorkerGroupOffsets worker = new WorkerGroupOffsets(kafkaBootstrapServers())) {
			worker.commit(offset - 3);
			JsonNode queue = awaitAhead(last, token, 3);
			assertThat(queue.get("asOf").asString()).isNotEmpty();

			worker.commit(offset - 2);
			awaitAhead(last, token, 2);
			JsonNode measured = await().atMost(Duration.ofSeconds(10))
				.until(() -> queue(last, token), (q) -> q.has("etaSeconds"));
			assertThat(measured.get("ahead").asLong()).isEqualTo(2);
			assertThat(measured.get("etaSeconds").asLong()).isPositive();

			worker.commit(offset + 5);
			JsonNode settled = awaitAhead(last, token, 0);
			assertThat(settled.get("etaSeconds").asLong()).as("settled but not yet in the cache: never negative")
				.isZero();

			worker.commit(offset - 3);
			double reads = reads();
			await().atMost(Duration.ofSeconds(10)).until(() -> reads() >= reads + 2);
			assertThat(queue(last, token).get("ahead").asLong()).as("an offset reset does not move it back")
				.isZero();
		}
	}

	@Test
	void theBookingNextInLineHasNoEtaOnceTheWorkerHasSettledNothingForAHalfLife() {
		String token = newUserToken();
		long eventId = createOpenEvent(10);
		book(eventId, token);
		UUID last = book(eventId, token);
		long offset = RequestedTopic.record(kafkaBootstrapServers(), last).offset();
		try (WorkerGroupOffsets worker = new WorkerGroupOffsets(kafkaBootstrapServers())) {
			worker.commit(offset - 1);
			awaitAhead(last, token, 1);
			worker.commit(offset);
			JsonNode next = await().atMost(Duration.ofSeconds(10))
				.until(() -> queue(last, token), (q) -> q.path("ahead").asLong(-1) == 0 && q.has("etaSeconds"));
			assertThat(next.get("etaSeconds").asLong()).as("a rate measured, the worker settling").isZero();

			// the worker now settles nothing: after the rate's half-life (10 s) no ETA, not a made-up 0
			JsonNode frozen = await().atMost(Duration.ofSeconds(20))
				.until(() -> queue(last, token), (q) -> !q.has("etaSeconds"));
			assertThat(frozen.get("ahead").asLong()).isZero();
		}
	}

	@Test
	void theBrokerIsReadOncePerPeriodHoweverOftenStatusesArePolled() {
		String token = newUserToken();
		UUID bookingId = book(createOpenEvent(10), token);
		await().atMost(Duration.ofSeconds(10)).until(() -> reads() >= 1);
		double before = reads();
		long start = System.nanoTime();
		for (int i = 0; i < 300; i++) {
			assertThat(this.api.get("/api/bookings/" + bookingId, token).statusCode()).isEqualTo(200);
		}
		double seconds = (System.nanoTime() - start) / 1e9;

		assertThat(reads() - before).as("300 polls in %.1f s", seconds).isLessThanOrEqualTo(Math.ceil(seconds) + 1);
	}

	private UUID book(long eventId, String token) {
		HttpResponse<String> response = this.api.post("/api/events/" + eventId + "/bookings", "{\"quantity\":1}",
				token);
		assertThat(response.statusCode()).as(response.body()).isEqualTo(202);
		return UUID.fromString(ApiClient.json(response).get("bookingId").asString());
	}

	private JsonNode awaitAhead(UUID bookingId, String token, long ahead) {
		return await().atMost(Duration.ofSeconds(10))
			.until(() -> queue(bookingId, token), (q) -> q.path("ahead").asLong(-1) == ahead);
	}

	private JsonNode queue(UUID bookingId, String token) {
		HttpResponse<String> poll = this.api.get("/api/bookings/" + bookingId, token);
		assertThat(poll.statusCode()).isEqualTo(200);
		JsonNode body = ApiClient.json(poll);
		assertThat(body.get("status").asString()).isEqualTo("PENDING");
		return body.path("queue");
	}

	private double reads() {
		return this.registry.get("minitickets.queue.offset.reads").counters().stream().mapToDouble((c) -> c.count())
			.sum();
	}

}
