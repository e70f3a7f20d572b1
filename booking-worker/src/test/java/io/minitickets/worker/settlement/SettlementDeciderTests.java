package io.minitickets.worker.settlement;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.UUID;

import io.minitickets.core.messaging.BookingRequested;
import io.minitickets.core.messaging.BookingStatus;
import io.minitickets.core.messaging.RejectionReason;
import io.minitickets.core.status.CachedBooking;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SettlementDeciderTests {

	private static final long EVENT = 42;

	private static final Instant NOW = Instant.parse("2026-11-29T10:00:00Z");

	/** Random scenarios after the edge cases; the seed is printed in every failure, so a failure can be replayed. */
	private static final int RANDOM_CASES = 500;

	@Test
	void confirmsInOrderWhileSeatsRemainThenRejectsAsSoldOut() {
		List<BookingRequested> requests = List.of(request(1, 2), request(2, 2), request(3, 2));

		SettlementDecider.Decision decision = decide(free(5, 0, null), requests, Map.of(), Map.of());

		assertThat(outcomes(decision)).containsExactly("CONFIRMED", "CONFIRMED", "REJECTED SOLD_OUT");
		assertThat(decision.seatsConfirmed()).isEqualTo(4);
	}

	@Test
	void aSmallerRequestAfterARejectedLargerOneStillGetsTheLastSeats() {
		List<BookingRequested> requests = List.of(request(1, 3), request(2, 1));

		SettlementDecider.Decision decision = decide(free(10, 8, null), requests, Map.of(), Map.of());

		assertThat(outcomes(decision)).containsExactly("REJECTED SOLD_OUT", "CONFIRMED");
		assertThat(decision.seatsConfirmed()).isEqualTo(1);
	}

	@Test
	void rejectsBeyondThePerUserLimitCountingSeatsConfirmedBefore() {
		List<BookingRequested> requests = List.of(request(7, 1), request(7, 1), request(8, 2));

		SettlementDecider.Decision decision = decide(free(10, 2, 2), requests, Map.of(),
				Map.of(7L, 1));

		assertThat(outcomes(decision)).containsExactly("CONFIRMED", "REJECTED USER_LIMIT", "CONFIRMED");
		assertThat(decision.seatsConfirmed()).isEqualTo(3);
	}

	@Test
	void soldOutIsTheReasonWhenBothSeatsAndTheUserLimitAreShort() {
		SettlementDecider.Decision decision = decide(free(4, 4, 1), List.of(request(7, 2)), Map.of(),
				Map.of(7L, 1));

		assertThat(outcomes(decision)).containsExactly("REJECTED SOLD_OUT");
	}

	@Test
	void keepsTheRecordedOutcomeOfAReplayAndTakesNoSeats() {
		BookingRequested replayed = request(1, 2);
		Settlement recorded = new Settlement(replayed.bookingId(), EVENT, 1, 2, false, replayed.requestedAt(),
				BookingStatus.REJECTED, RejectionReason.SOLD_OUT, NOW.minusSeconds(60), null, true);

		SettlementDecider.Decision decision = decide(free(10, 0, null), List.of(replayed),
				Map.of(replayed.bookingId(), recorded), Map.of());

		assertThat(decision.settlements()).containsExactly(recorded);
		assertThat(decision.newSettlements()).isEmpty();
		assertThat(decision.seatsConfirmed()).isZero();
	}

	@Test
	void rejectsEveryNewBookingOfAnUnknownEvent() {
		SettlementDecider.Decision decision = decide(null, List.of(request(1, 1), request(2, 1)), Map.of(), Map.of());

		assertThat(outcomes(decision)).containsExactly("REJECTED UNKNOWN_EVENT", "REJECTED UNKNOWN_EVENT");
		assertThat(decision.seatsConfirmed()).isZero();
	}

	@Test
	void neverConfirmsMoreThanTheSeatsLeftNorMoreThanTheUserLimit() {
		long seed = System.nanoTime();
		SplittableRandom random = new SplittableRandom(seed);
		List<Case> cases = new ArrayList<>(edgeCases());
		for (int i = 0; i < RANDOM_CASES; i++) {
			cases.add(Case.random(random));
		}

		for (Case example : cases) {
			String description = example + " (seed " + seed + ")";
			EventInventory event = free(example.capacity(),
					Math.min(example.seatsSold(), example.capacity()), example.perUserLimit());

			SettlementDecider.Decision decision = decide(event, example.requests(), Map.of(), Map.of());

			int confirmed = decision.settlements().stream().mapToInt(Settlement::seatsTaken).sum();
			assertThat(confirmed).as(description)
				.isEqualTo(decision.seatsConfirmed())
				.isLessThanOrEqualTo(event.seatsLeft());
			Map<Long, Integer> byUser = new HashMap<>();
			decision.settlements().forEach((s) -> byUser.merge(s.userId(), s.seatsTaken(), Integer::sum));
			if (example.perUserLimit() != null) {
				assertThat(byUser.values()).as(description).allMatch((seats) -> seats <= example.perUserLimit());
			}
			assertThat(decision.settlements()).as(description)
				.extracting(Settlement::bookingId)
				.containsExactlyElementsOf(example.requests().stream().map(BookingRequested::bookingId).toList());
		}
	}

	@Test
	void replaysChangeNothing() {
		long seed = System.nanoTime();
		SplittableRandom random = new SplittableRandom(seed);
		List<Case> cases = new ArrayList<>(edgeCases());
		for (int i = 0; i < RANDOM_CASES; i++) {
			cases.add(Case.random(random));
		}

		for (Case example : cases) {
			String description = example + " (seed " + seed + ")";
			EventInventory event = free(example.capacity(), 0, example.perUserLimit());
			SettlementDecider.Decision first = decide(event, example.requests(), Map.of(), Map.of());
			Map<UUID, Settlement> recorded = new HashMap<>();
			first.settlements().forEach((s) -> recorded.put(s.bookingId(), replay(s)));
			EventInventory afterFirst = free(example.capacity(), first.seatsConfirmed(),
					example.perUserLimit());
			Map<Long, Integer> confirmedByUser = new HashMap<>();
			first.settlements().forEach((s) -> confirmedByUser.merge(s.userId(), s.seatsTaken(), Integer::sum));
			List<BookingRequested> replayedAndLater = new ArrayList<>(example.requests());
			replayedAndLater.addAll(example.later());

			SettlementDecider.Decision again = decide(afterFirst, example.requests(), recorded, confirmedByUser);
			SettlementDecider.Decision mixed = decide(afterFirst, replayedAndLater, recorded, confirmedByUser);
			SettlementDecider.Decision laterAlone = decide(afterFirst, example.later(), Map.of(), confirmedByUser);

			assertThat(again.seatsConfirmed()).as(description).isZero();
			assertThat(again.newSettlements()).as(description).isEmpty();
			assertThat(again.settlements()).as(description)
				.extracting(Settlement::status)
				.containsExactlyElementsOf(first.settlements().stream().map(Settlement::status).toList());
			assertThat(mixed.newSettlements()).as(description).isEqualTo(laterAlone.newSettlements());
			assertThat(mixed.seatsConfirmed()).as(description).isEqualTo(laterAlone.seatsConfirmed());
		}
	}

	/**
	 * Known edge cases, checked before the random ones: nothing to decide, a sold-out event, the smallest event and
	 * limit, one user asking for everything, requests exactly filling the event.
	 */
	private static List<Case> edgeCases() {
		return List.of(new Case(1, 0, null, List.of(), List.of()),
				new Case(1, 1, null, List.of(request(1, 1)), List.of(request(2, 1))),
				new Case(1, 0, 1, List.of(request(1, 1), request(1, 1)), List.of(request(2, 1))),
				new Case(50, 50, 5, List.of(request(1, 4), request(2, 1)), List.of()),
				new Case(4, 0, null, List.of(request(1, 4), request(1, 4)), List.of(request(1, 4))),
				new Case(8, 0, 2, List.of(request(1, 2), request(1, 1), request(2, 3), request(2, 2)),
						List.of(request(1, 1), request(3, 4))),
				new Case(3, 0, 5, List.of(request(1, 1), request(2, 1), request(3, 1)), List.of(request(4, 1))));
	}

	/**
	 * One generated scenario.
	 *
	 * @param capacity seats on sale, 1–50
	 * @param seatsSold seats sold before, 0–50 (capped at the capacity by the test)
	 * @param perUserLimit the per-user limit, 1–5, or null for none
	 * @param requests requests in offset order, up to 40: 6 users, 1–4 seats each
	 * @param later requests arriving after the first ones were settled
	 */
	private record Case(int capacity, int seatsSold, @Nullable Integer perUserLimit, List<BookingRequested> requests,
			List<BookingRequested> later) {

		static Case random(SplittableRandom random) {
			Integer limit = (random.nextInt(10) < 3) ? null : random.nextInt(1, 6);
			return new Case(random.nextInt(1, 51), random.nextInt(0, 51), limit, requests(random),
					requests(random));
		}

		private static List<BookingRequested> requests(SplittableRandom random) {
			List<BookingRequested> requests = new ArrayList<>();
			int size = random.nextInt(0, 41);
			for (int i = 0; i < size; i++) {
				requests.add(request(random.nextLong(1, 7), random.nextInt(1, 5)));
			}
			return requests;
		}

		@Override
		public String toString() {
			return "capacity " + this.capacity + ", sold " + this.seatsSold + ", limit " + this.perUserLimit
					+ ", requests " + describe(this.requests) + ", later " + describe(this.later);
		}

		private static String describe(List<BookingRequested> requests) {
			return requests.stream().map((r) -> "u" + r.userId() + "×" + r.quantity()).toList().toString();
		}

	}

	@Test
	void holdsTheSeatsOfAPaidEventUntilTheHoldPassesForPriceTimesQuantity() {
		EventInventory paid = new EventInventory(10, 2, 3, 2_500, "EUR", Duration.ofSeconds(600));
		BookingRequested first = request(1, 2);
		BookingRequested overLimit = request(2, 3);

		SettlementDecider.Decision decision = decide(paid, List.of(first, overLimit), Map.of(), Map.of(2L, 1));

		assertThat(outcomes(decision)).containsExactly("HELD", "REJECTED USER_LIMIT");
		assertThat(decision.seatsConfirmed()).as("held seats are taken").isEqualTo(2);
		assertThat(decision.settlements().get(0).hold())
			.isEqualTo(new CachedBooking.Hold(NOW.plusSeconds(600), 5_000, "EUR"));
		assertThat(decision.settlements().get(1).hold()).isNull();
	}

	@Test
	void confirmsAFreeEventAtOnceWithoutAHold() {
		SettlementDecider.Decision decision = decide(free(10, 0, null), List.of(request(1, 2)), Map.of(), Map.of());

		assertThat(outcomes(decision)).containsExactly("CONFIRMED");
		assertThat(decision.settlements().get(0).hold()).isNull();
	}

	private static EventInventory free(int capacity, int seatsSold, @Nullable Integer perUserLimit) {
		return new EventInventory(capacity, seatsSold, perUserLimit, 0, null, Duration.ofSeconds(600));
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
				settlement.settledAt(), settlement.hold(), true);
	}

	private static List<String> outcomes(SettlementDecider.Decision decision) {
		return decision.settlements()
			.stream()
			.map((s) -> s.status() + ((s.reason() != null) ? " " + s.reason() : ""))
			.toList();
	}

}
