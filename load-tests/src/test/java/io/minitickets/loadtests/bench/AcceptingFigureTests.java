package io.minitickets.loadtests.bench;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The accepting figures' events: enough seats that none sells out within the longest warm-up and window.
 */
class AcceptingFigureTests {

	@Test
	void createsEnoughSeatsForTheLongestWarmUpAndWindowAtTheMostRequestsASecond() {
		BenchOptions defaults = options(20, 20);

		int events = AcceptingFigure.events(defaults);

		// 6 warm-up rounds of 20 s and 20 s measured, at 100,000 requests a second: 14,000,000 requests
		assertThat(Saturation.longest(defaults)).isEqualTo(Duration.ofSeconds(140));
		assertThat((long) events * AcceptingFigure.SEATS_PER_EVENT)
			.isGreaterThanOrEqualTo(AcceptingFigure.MAX_RATE * 140L);
		assertThat(events).isEqualTo(14);
	}

	@Test
	void aShortRunNeedsOneEvent() {
		assertThat(AcceptingFigure.events(options(1, 1))).isEqualTo(1);
	}

	private static BenchOptions options(int warmUpSeconds, int windowSeconds) {
		return new BenchOptions(64, Duration.ofSeconds(warmUpSeconds), Duration.ofSeconds(windowSeconds), 20_000, 1,
				"redis://127.0.0.1:6379", 64, 5);
	}

}
