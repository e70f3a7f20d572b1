package io.minitickets.loadtests.load;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ScalperExpectationsTests {

	private static final Duration TEN_SECONDS = Duration.ofSeconds(10);

	@Test
	void holdsWhenEveryShopperIsConfirmedAndTheScalperStaysWithinItsBucket() {
		assertThat(LoadRun.scalperExpectations(new LoadReport.Tally(25, 25), new LoadReport.Tally(4_000, 20), 1_000,
				955, TEN_SECONDS))
			.isEmpty();
	}

	@Test
	void failsWhenAShopperBookingIsNotConfirmed() {
		assertThat(LoadRun.scalperExpectations(new LoadReport.Tally(25, 24), new LoadReport.Tally(4_000, 20), 1_000,
				956, TEN_SECONDS))
			.containsExactly("shoppers: 24 of 25 bookings confirmed (25 tried and confirmed expected)");
	}

	@Test
	void failsWhenTheScalperGetsMoreThanCapacityPlusRateTimesDuration() {
		assertThat(LoadRun.scalperExpectations(new LoadReport.Tally(25, 25), new LoadReport.Tally(4_000, 21), 1_000,
				954, TEN_SECONDS))
			.containsExactly("scalper: 21 bookings confirmed, more than the bucket's capacity + rate × duration = 20");
	}

	@Test
	void failsWhenSeatsWentToSomeoneElse() {
		assertThat(LoadRun.scalperExpectations(new LoadReport.Tally(25, 25), new LoadReport.Tally(4_000, 20), 1_000,
				950, TEN_SECONDS))
			.containsExactly("950 seats left; 1000 - 25 - 20 expected (the rest stays on sale)");
	}

}
