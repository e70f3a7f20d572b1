package io.minitickets.loadtests.bench.expiry;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.minitickets.loadtests.bench.Bar;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The expiry figure's rules: each of p99 lateness, all EXPIRED and seats back is held to 2,000 ms; a wait that ran out
 * misses its bar and breaks the run; a hold not expired exactly once, a seat not back (or back twice) and a gate apart
 * from Postgres each break it too.
 */
class ExpiryFigureTests {

	private static final int HOLDS = 100_000;

	@Test
	void aCleanExpiryWithinTwoSecondsMeetsEveryBarWithoutABreach() {
		ExpiryFigure.Figures clean = clean(1_400, 900, 1_500);

		assertThat(ExpiryFigure.bars(clean)).filteredOn((bar) -> bar.met() != null).hasSize(3).allMatch(Bar::met);
		assertThat(ExpiryFigure.breaches(clean)).isEmpty();
	}

	@Test
	void eachFigureOverTwoSecondsMissesItsOwnBar() {
		List<Bar> bars = ExpiryFigure.bars(clean(2_001, 2_000, 2_500));

		assertThat(bars).filteredOn((bar) -> Boolean.FALSE.equals(bar.met()))
			.extracting(Bar::label)
			.containsExactly("expiry: ms from the due second until all EXPIRED",
					"expiry: ms from the due second until every seat is offered again");
	}

	@Test
	void aWaitThatRanOutMissesItsBarAndBreaksTheRun() {
		ExpiryFigure.Figures stuck = clean(ExpiryFigure.NOT_WITHIN_TIMEOUT, 900, ExpiryFigure.NOT_WITHIN_TIMEOUT);

		assertThat(ExpiryFigure.bars(stuck)).filteredOn((bar) -> bar.value().equals("not within 120 s"))
			.hasSize(2)
			.allMatch((bar) -> Boolean.FALSE.equals(bar.met()));
		assertThat(ExpiryFigure.breaches(stuck)).singleElement().asString().contains("within 120 s");
	}

	@Test
	void aHoldNotExpiredOrASeatReturnedTwiceBreaksTheRun() {
		ExpiryFigure.Figures oneLeft = new ExpiryFigure.Figures(HOLDS, 1_000, 900, 1_000, 1_000, HOLDS - 1, HOLDS - 1,
				HOLDS, 1, HOLDS - 1, HOLDS - 1, 1, 0);
		ExpiryFigure.Figures returnedTwice = new ExpiryFigure.Figures(HOLDS, 1_000, 900, 1_000, 1_000, HOLDS, HOLDS,
				HOLDS, 0, HOLDS + 5, HOLDS, 0, 5);

		assertThat(ExpiryFigure.breaches(oneLeft)).hasSize(3);
		assertThat(ExpiryFigure.breaches(returnedTwice)).singleElement().asString().contains("drift 5");
	}

	private static ExpiryFigure.Figures clean(long allExpiredMs, long p99LateMs, long seatsBackMs) {
		return new ExpiryFigure.Figures(HOLDS, allExpiredMs, p99LateMs, p99LateMs + 100, seatsBackMs, HOLDS, HOLDS,
				HOLDS, 0, HOLDS, HOLDS, 0, 0);
	}

}
