package io.minitickets.worker.settlement;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Collectors;

import io.minitickets.core.messaging.BookingRequested;
import io.minitickets.core.messaging.BookingSettled;
import io.minitickets.core.messaging.BookingTopics;
import io.minitickets.worker.WorkerIntegrationTestSupport;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataIntegrityViolationException;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * DESIGN.md invariant 1, "No oversell": Postgres confirms at most the capacity, whatever arrives through Kafka.
 */
class NoOversellIntegrationTests extends WorkerIntegrationTestSupport {

	@Test
	void confirmsExactlyTheCapacityOutOf200OneSeatBookingsInOffsetOrder() {
		long eventId = createEvent(16, null);
		List<BookingRequested> requests = new ArrayList<>();
		for (int user = 1; user <= 200; user++) {
			requests.add(request(eventId, user, 1, false));
		}
		publish(requests);
		awaitBookings(eventId, 200);

		Map<UUID, String> outcomes = outcomes(eventId);
		assertThat(outcomes.values().stream().filter("CONFIRMED"::equals)).hasSize(16);
		assertThat(outcomes.values().stream().filter("REJECTED SOLD_OUT"::equals)).hasSize(184);
		assertThat(requests.subList(0, 16)).allSatisfy(
				(request) -> assertThat(outcomes.get(request.bookingId())).isEqualTo("CONFIRMED"));
		assertThat(seatsSold(eventId)).isEqualTo(16);
		awaitAllConsumed();
		Map<UUID, String> published = settledMessages(eventId);
		assertThat(published).isEqualTo(outcomes);
	}

	@Test
	void honoursThePerUserLimitWithinABatchAndAcrossBatches() {
		long eventId = createEvent(20, 3);
		BookingRequested first = request(eventId, 7, 2, false);
		publish(List.of(first));
		awaitBookings(eventId, 1);

		BookingRequested overLimit = request(eventId, 7, 2, false);
		BookingRequested upToLimit = request(eventId, 7, 1, false);
		BookingRequested beyondLimit = request(eventId, 7, 1, false);
		BookingRequested otherUser = request(eventId, 8, 3, false);
		publish(List.of(overLimit, upToLimit, beyondLimit, otherUser));
		awaitBookings(eventId, 5);

		assertThat(outcomes(eventId)).containsExactlyInAnyOrderEntriesOf(Map.of(first.bookingId(), "CONFIRMED",
				overLimit.bookingId(), "REJECTED USER_LIMIT", upToLimit.bookingId(), "CONFIRMED",
				beyondLimit.bookingId(), "REJECTED USER_LIMIT", otherUser.bookingId(), "CONFIRMED"));
		assertThat(seatsSold(eventId)).isEqualTo(6);
	}

	@Test
	void rejectsBookingsOfAnUnknownEvent() {
		BookingRequested unknown = request(ThreadLocalRandom.current().nextLong(1L << 40, Long.MAX_VALUE), 7, 1, false);
		publish(List.of(unknown));
		awaitBookings(unknown.eventId(), 1);

		assertThat(outcomes(unknown.eventId())).containsExactlyEntriesOf(Map.of(unknown.bookingId(),
				"REJECTED UNKNOWN_EVENT"));
	}

	@Test
	void theCheckConstraintRefusesSeatsSoldAboveCapacity() {
		long eventId = createEvent(16, null);

		assertThatExceptionOfType(DataIntegrityViolationException.class)
			.isThrownBy(() -> this.jdbc.update("update events set seats_sold = capacity + 1 where id = ?", eventId))
			.withMessageContaining("seats_sold_within_capacity");
		assertThat(seatsSold(eventId)).isZero();
	}

	private Map<UUID, String> settledMessages(long eventId) {
		JsonMapper json = JsonMapper.builder().build();
		return readAll(BookingTopics.SETTLED).stream()
			.filter((record) -> record.key().equals(Long.toString(eventId)))
			.map((record) -> json.readValue(record.value(), BookingSettled.class))
			.collect(Collectors.toMap(BookingSettled::bookingId, (settled) -> settled.status()
					+ ((settled.reason() != null) ? " " + settled.reason() : ""), (first, again) -> first));
	}

}
