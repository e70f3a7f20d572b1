package io.minitickets.api.cancellation;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.minitickets.api.ApiClient;
import io.minitickets.api.ApiIntegrationTest;
import io.minitickets.core.messaging.BookingStatus;
import io.minitickets.core.messaging.BookingTopics;
import io.minitickets.core.status.BookingStatusCache;
import io.minitickets.core.status.CachedBooking;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code POST /api/bookings/{id}/cancellation}: the owner's request to cancel a HELD or CONFIRMED booking is recorded
 * on {@code cancellations.requested}, keyed by the event id, and answered 202; everyone else gets 404 and every other
 * state a 409 problem, and nothing is recorded for them.
 */
class CancellationRequestIntegrationTests extends ApiIntegrationTest {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	@Autowired
	private BookingStatusCache statusCache;

	@Test
	void aHeldBookingsCancellationIsRecordedKeyedByItsEventAndAnsweredTheSameTwice() {
		long userId = newUserId();
		long eventId = createOpenEvent(10);
		UUID bookingId = insertBooking(eventId, userId, "HELD");

		HttpResponse<String> first = cancel(bookingId, mint(userId));
		HttpResponse<String> again = cancel(bookingId, mint(userId));

		assertThat(first.statusCode()).isEqualTo(202);
		assertThat(ApiClient.json(first).get("bookingId").asString()).isEqualTo(bookingId.toString());
		assertThat(ApiClient.json(first).get("status").asString()).isEqualTo("HELD");
		assertThat(again.statusCode()).isEqualTo(202);
		assertThat(again.body()).isEqualTo(first.body());
		List<ConsumerRecord<String, String>> records = recordsOf(bookingId, 2);
		assertThat(records).allSatisfy((record) -> assertThat(record.key()).isEqualTo(Long.toString(eventId)));
		assertThat(JSON.readTree(records.getFirst().value()).get("userId").asLong()).isEqualTo(userId);
		assertThat(status(bookingId)).as("the worker changes it, not api-service").isEqualTo("HELD");
	}

	@Test
	void anotherUsersBookingIsNotFound() {
		UUID bookingId = insertBooking(createOpenEvent(10), newUserId(), "CONFIRMED");

		HttpResponse<String> response = cancel(bookingId, mint(newUserId()));

		assertThat(response.statusCode()).isEqualTo(404);
		assertProblem(response, "not-found");
		assertThat(status(bookingId)).isEqualTo("CONFIRMED");
	}

	@Test
	void anUnknownOrMalformedBookingIsNotFound() {
		String token = mint(newUserId());

		assertProblem(cancel(UUID.randomUUID(), token), "not-found");
		HttpResponse<String> malformed = this.api.post("/api/bookings/not-a-uuid/cancellation", null, token);
		assertThat(malformed.statusCode()).isEqualTo(404);
		assertProblem(malformed, "not-found");
	}

	@Test
	void pastTheEventsDeadlineIsAConflictAndNothingChanges() {
		long userId = newUserId();
		long eventId = createOpenEvent(10);
		this.jdbc.sql("update events set cancellable_until = now() - interval '1 minute' where id = ?")
			.param(eventId)
			.update();
		UUID bookingId = insertBooking(eventId, userId, "CONFIRMED");

		HttpResponse<String> response = cancel(bookingId, mint(userId));

		assertThat(response.statusCode()).isEqualTo(409);
		assertProblem(response, "conflict");
		assertThat(ApiClient.json(response).get("detail").asString()).contains("cancellableUntil");
		assertThat(status(bookingId)).isEqualTo("CONFIRMED");
	}

	@Test
	void anEndedBookingIsAConflictNamingItsStatus() {
		long userId = newUserId();
		long eventId = createOpenEvent(10);
		for (String ended : List.of("REJECTED", "EXPIRED", "CANCELLED", "REFUNDED")) {
			UUID bookingId = insertBooking(eventId, userId, ended);

			HttpResponse<String> response = cancel(bookingId, mint(userId));

			assertThat(response.statusCode()).as(ended).isEqualTo(409);
			assertProblem(response, "conflict");
			assertThat(ApiClient.json(response).get("bookingStatus").asString()).isEqualTo(ended);
		}
	}

	@Test
	void aPendingBookingIsNotSettledYet() {
		long userId = newUserId();
		UUID bookingId = UUID.randomUUID();
		this.statusCache.put(new CachedBooking(bookingId, createOpenEvent(10), userId, 2, BookingStatus.PENDING,
				null, null));

		HttpResponse<String> response = cancel(bookingId, mint(userId));

		assertThat(response.statusCode()).isEqualTo(409);
		assertProblem(response, "conflict");
		assertThat(response.headers().firstValue("Retry-After")).hasValue("1");
		assertThat(ApiClient.json(response).get("bookingStatus").asString()).isEqualTo("PENDING");
	}

	private HttpResponse<String> cancel(UUID bookingId, String token) {
		return this.api.post("/api/bookings/" + bookingId + "/cancellation", null, token);
	}

	private UUID insertBooking(long eventId, long userId, String status) {
		UUID bookingId = UUID.randomUUID();
		this.jdbc.sql("""
				insert into bookings (id, event_id, user_id, quantity, status, gated, requested_at)
				values (?, ?, ?, 2, ?, true, now())""")
			.params(bookingId, eventId, userId, status)
			.update();
		return bookingId;
	}

	private String status(UUID bookingId) {
		return this.jdbc.sql("select status from bookings where id = ?").param(bookingId).query(String.class).single();
	}

	private static void assertProblem(HttpResponse<String> response, String type) {
		assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(
				(contentType) -> assertThat(contentType).startsWith("application/problem+json"));
		assertThat(ApiClient.json(response).get("type").asString()).endsWith("/problems/" + type);
	}

	private static long newUserId() {
		return Math.abs(UUID.randomUUID().getMostSignificantBits() % 1_000_000_000L) + 1;
	}

	/**
	 * Reads {@code cancellations.requested} from the start until {@code expected} records of the booking are seen.
	 */
	private List<ConsumerRecord<String, String>> recordsOf(UUID bookingId, int expected) {
		Map<String, Object> props = Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafkaBootstrapServers(),
				ConsumerConfig.GROUP_ID_CONFIG, "test-" + UUID.randomUUID(), ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
				"earliest", ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class,
				ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
		List<ConsumerRecord<String, String>> found = new ArrayList<>();
		try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(props)) {
			consumer.subscribe(List.of(BookingTopics.CANCELLATIONS_REQUESTED));
			Instant deadline = Instant.now().plusSeconds(60);
			while (Instant.now().isBefore(deadline)) {
				for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(200))) {
					if (bookingId.toString().equals(JSON.readTree(record.value()).path("bookingId").asString())) {
						found.add(record);
					}
				}
				if (found.size() >= expected) {
					return found;
				}
			}
		}
		throw new AssertionError("the cancellations of " + bookingId + " never appeared");
	}

}
