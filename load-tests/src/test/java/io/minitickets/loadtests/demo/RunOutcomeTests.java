package io.minitickets.loadtests.demo;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.minitickets.loadtests.client.LoadUser;
import io.minitickets.loadtests.verify.EventFacts;
import io.minitickets.loadtests.verify.PaidFacts;
import io.minitickets.loadtests.verify.Verification;

import static org.assertj.core.api.Assertions.assertThat;

class RunOutcomeTests {

	private final LoadUser user = new LoadUser(1, "token");

	@Test
	void countsEveryAnswerOnceAndMeasuresFromTheLastAnswer() {
		List<BookingAttempt> attempts = new ArrayList<>();
		attempts.add(answer(202, "b1", 10));
		attempts.add(answer(202, "b2", 20));
		attempts.add(answer(409, null, 5));
		attempts.add(answer(429, null, 5));
		attempts.add(answer(500, null, 5));
		attempts.add(answer(202, null, 5));
		LoadResult load = new LoadResult(attempts, 0, 500_000_000L);

		RunReport report = RunOutcome.of(true, load, new Settlement(1, 1, List.of(), 750_000_000L),
				verification(16, 1, 2, List.of()))
			.report();

		assertThat(report.requests()).isEqualTo(6);
		assertThat(report.accepted()).isEqualTo(2);
		assertThat(report.soldOut()).isEqualTo(1);
		assertThat(report.rateLimited()).isEqualTo(1);
		assertThat(report.otherErrors()).isEqualTo(2);
		assertThat(report.throughputRps()).isEqualTo(12.0);
		assertThat(report.settledAfterMs()).isEqualTo(250);
		assertThat(report.allFinalMs()).isEqualTo(750);
		assertThat(report.p99Ms()).isBetween(19.9, 20.1);
	}

	@Test
	void reportsAnOversellAndBrokenPromisesAsFailures() {
		LoadResult load = new LoadResult(List.of(answer(202, "b1", 10), answer(202, "b2", 10)), 0, 10_000_000L);

		RunOutcome outcome = RunOutcome.of(false, load, new Settlement(1, 0, List.of("b2"), 20_000_000L),
				verification(1, 2, 1, List.of("b2")));

		assertThat(outcome.report().oversold()).isEqualTo(1);
		assertThat(outcome.failures()).hasSize(4)
			.anySatisfy((failure) -> assertThat(failure).contains("1 seats oversold"))
			.anySatisfy((failure) -> assertThat(failure).contains("1 events whose seats are not conserved"))
			.anySatisfy((failure) -> assertThat(failure).contains("never settled"))
			.anySatisfy((failure) -> assertThat(failure).contains("never reached Postgres"));
	}

	@Test
	void findsNothingWrongWithAnExactSale() {
		LoadResult load = new LoadResult(List.of(answer(202, "b1", 10), answer(409, null, 1)), 0, 10_000_000L);

		RunOutcome outcome = RunOutcome.of(true, load, new Settlement(1, 0, List.of(), 20_000_000L),
				verification(1, 1, 1, List.of()));

		assertThat(outcome.failures()).isEmpty();
		assertThat(outcome.notes()).isEmpty();
	}

	private static Verification verification(int capacity, long confirmed, long bookings, List<String> unsettled) {
		EventFacts event = new EventFacts(1, capacity, confirmed, confirmed, confirmed, bookings, 1, null,
				Math.max(0, capacity - confirmed), 0, 0);
		return new Verification(event.oversold(), 0, unsettled.size(), 0, 0, List.of(event), unsettled,
				PaidFacts.CLEAN);
	}

	private BookingAttempt answer(int status, String bookingId, long latencyMillis) {
		boolean expected = (status == 202) ? bookingId != null : status == 409 || status == 429;
		return new BookingAttempt(this.user, status, bookingId, latencyMillis * 1_000_000L, latencyMillis * 1_000_000L,
				expected ? null : status + " body");
	}

}
