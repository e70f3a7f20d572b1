package io.minitickets.worker.settlement;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.minitickets.core.messaging.BookingRequested;
import io.minitickets.core.messaging.BookingStatus;
import io.minitickets.core.messaging.RejectionReason;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.jspecify.annotations.Nullable;

import static org.assertj.core.api.Assertions.assertThat;

class SettlementDeciderTests {

	private static final long EVENT = 42;

	private static final Instant NOW = Instant.parse("2026-11-29T10:00:00Z");

	@Example
	void confirmsInOrderWhileSeatsRemainThenRejectsAsSoldOut() {
		List<BookingRequested> requests = List.of(request(1, 2), request(2, 2), request(3, 2));

		SettlementDecider.Decision decision = decide(new EventInventory(5, 0, null), requests, Map.of(), Map.of());

		assertThat(outcomes(decision)).containsExactly("CONFIRMED", "CONFIRMED", "REJECTED SOLD_OUT");
		assertThat(decision.seatsConfirmed()).isEqualTo(4);
	}

	@Example
	void aSmallerRequestAfterARejectedLargerOneStillGetsTheLastSeats() {
		List<BookingRequested> requests = List.of(request(1, 3), request(2, 1));

		SettlementDecider.Decision decision = decide(new EventInventory(10, 8, null), requests, Map.of(), Map.of());

		assertThat(outcomes(decision)).containsExactly("REJECTED SOLD_OUT", "CONFIRMED");
		assertThat(decision.seatsConfirmed()).isEqualTo(1);
	}

	@Example
	void rejectsBeyondThePerUserLimitCountingSeatsConfirmedBefore() {
		List<BookingRequested> requests = List.of(request(7, 1), request(7, 1), request(8, 2));

		SettlementDecider.Decision decision = decide(new EventInventory(10, 2, 2), requests, Map.of(),
				Map.of(7L, 1));

		assertThat(outcomes(decision)).containsExactly("CONFIRMED", "REJECTED USER_LIMIT", "CONFIRMED");
		assertThat(decision.seatsConfirmed()).isEqualTo(3);
	}

	@Example
	void soldOutIsTheReasonWhenBothSeatsAndTheUserLimitAreShort() {
		SettlementDecider.Decision decision = decide(new EventInventory(4, 4, 1), List.of(request(7, 2)), Map.of(),
				Map.of(7L, 1));

		assertThat(outcomes(decision)).containsExactly("REJECTED SOLD_OUT");
	}

	@Example
	void keepsTheRecordedOutcomeOfAReplayAndTakesNoSeats() {
		BookingRequested replayed = request(1, 2);
		Settlement recorded = new Settlement(replayed.bookingId(), EVENT, 1, 2, false, replayed.requestedAt(),
				BookingStatus.REJECTED, RejectionReason.SOLD_OUT, NOW.minusSeconds(60), true);

		SettlementDecider.Decision decision = decide(new EventInventory(10, 0, null), List.of(replayed),
				Map.of(replayed.bookingId(), recorded), Map.of());

		assertThat(decision.settlements()).containsExactly(recorded);
		assertThat(decision.newSettlements()).isEmpty();
		assertThat(decision.seatsConfirmed()).isZero();
	}

	@Example
	void rejectsEveryNewBookingOfAnUnknownEvent() {
		SettlementDecider.Decision decision = decide(null, List.of(request(1, 1), request(2, 1)), Map.of(), Map.of());

		assertThat(outcomes(decision)).containsExactly("REJECTED UNKNOWN_EVENT", "REJECTED UNKNOWN_EVENT");
		assertThat(decision.seatsConfirmed()).isZero();
	}

	@Property
	void neverConfirmsMoreThanTheSeatsLeftNorMoreThanTheUserLimit(@ForAll @IntRange(min = 1, max = 50) int capacity,
			@ForAll @IntRange(min = 0, max = 50) int seatsSold, @ForAll("limits") @Nullable Integer perUserLimit,
			@ForAll("requests") List<BookingRequested> requests) {
		EventInventory event = new EventInventory(capacity, Math.min(seatsSold, capacity), perUserLimit);

		SettlementDecider.Decision decision = decide(event, requests, Map.of(), Map.of());

		int confirmed = decision.settlements().stream().mapToInt(Settlement::seatsTaken).sum();
		assertThat(confirmed).isEqualTo(decision.seatsConfirmed()).isLessThanOrEqualTo(event.seatsLeft());
		Map<Long, Integer> byUser = new HashMap<>();
		decision.settlements().forEach((s) -> byUser.merge(s.userId(), s.seatsTaken(), Integer::sum));
		if (perUserLimit != null) {
			assertThat(byUser.values()).allMatch((seats) -> seats <= perUserLimit);
		}
		assertThat(decision.settlements()).extracting(Settlement::bookingId)
			.containsExactlyElementsOf(requests.stream().map(BookingRequested::bookingId).toList());
	}

	@Property
	void replaysChangeNothing(@ForAll @IntRange(min = 1, max = 30) int capacity,
			@ForAll("limits") @Nullable Integer perUserLimit, @ForAll("requests") List<BookingRequested> requests,
			@ForAll("requests") List<BookingRequested> later) {
		EventInventory event = new EventInventory(capacity, 0, perUserLimit);
		SettlementDecider.Decision first = decide(event, requests, Map.of(), Map.of());
		Map<UUID, Settlement> recorded = new HashMap<>();
		first.settlements().forEach((s) -> recorded.put(s.bookingId(), replay(s)));
		EventInventory afterFirst = new EventInventory(capacity, first.seatsConfirmed(), perUserLimit);
		Map<Long, Integer> confirmedByUser = new HashMap<>();
		first.settlements().forEach((s) -> confirmedByUser.merge(s.userId(), s.seatsTaken(), Integer::sum));
		List<BookingRequested> replayedAndLater = new ArrayList<>(requests);
		replayedAndLater.addAll(later);

		SettlementDecider.Decision again = decide(afterFirst, requests, recorded, confirmedByUser);
		SettlementDecider.Decision mixed = decide(afterFirst, replayedAndLater, recorded, confirmedByUser);
		SettlementDecider.Decision laterAlone = decide(afterFirst, later, Map.of(), confirmedByUser);

		assertThat(again.seatsConfirmed()).isZero();
		assertThat(again.newSettlements()).isEmpty();
		assertThat(again.settlements()).extracting(Settlement::status)
			.containsExactlyElementsOf(first.settlements().stream().map(Settlement::status).toList());
		assertThat(mixed.newSettlements()).isEqualTo(laterAlone.newSettlements());
		assertThat(mixed.seatsConfirmed()).isEqualTo(laterAlone.seatsConfirmed());
	}

	@Provide
	Arbitrary<@Nullable Integer> limits() {
		return Arbitraries.integers().between(1, 5).injectNull(0.3);
	}

	@Provide
	Arbitrary<List<BookingRequested>> requests() {
		return Combinators
			.combine(Arbitraries.longs().between(1, 6), Arbitraries.integers().between(1, 4))
			.as(SettlementDeciderTests::request)
			.list()
			.ofMaxSize(40);
	}

	private static SettlementDecider.Decision decide(@Nullable EventInventory event, List<BookingRequested> requests,
			Map<UUID, Settlement> recorded, Map<Long, Integer> confirmedByUser) {
		return SettlementDecider.decide(event, requests, recorded, confirmedByUser, NOW);
	}

	private static BookingRequested request(long userId, int quantity) {
		return BookingRequested.of(UUID.randomUUID(), EVENT, userId, quantity, NOW.minusSeconds(1), false);
	}

	private static Settlement replay(Settlement settlement) {
		return new Settlement(settlement.bookingId(), settlement.eventId(), settlement.userId(), settlement.quantity(),
				settlement.gated(), settlement.requestedAt(), settlement.status(), settlement.reason(),
				settlement.settledAt(), true);
	}

	private static List<String> outcomes(SettlementDecider.Decision decision) {
		return decision.settlements()
			.stream()
			.map((s) -> s.status() + ((s.reason() != null) ? " " + s.reason() : ""))
			.toList();
	}

}
