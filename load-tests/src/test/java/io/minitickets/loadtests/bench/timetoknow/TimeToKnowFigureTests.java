package io.minitickets.loadtests.bench.timetoknow;

import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

import io.minitickets.loadtests.bench.AnswerMix;
import io.minitickets.loadtests.bench.Bar;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The time-to-know figure's rules: p50 held to 100 ms and p99 to 500 ms, the ceiling's open-model p99 reported beside
 * them as the floor, and over 1 % of answers other than 202 voiding both bars.
 */
class TimeToKnowFigureTests {

	@Test
	void fastFinalStatusesMeetBothBarsWithTheCeilingAsTheFloor() {
		TimeToKnowFigure.Figures figures = figures(40, 180, 3.5);

		assertThat(TimeToKnowFigure.bars(figures, mix(202, 10_000))).filteredOn((bar) -> bar.met() != null)
			.hasSize(2)
			.allMatch(Bar::met);
		assertThat(TimeToKnowFigure.bars(figures, mix(202, 10_000)))
			.filteredOn((bar) -> bar.label().contains("ceiling"))
			.singleElement()
			.extracting(Bar::value)
			.isEqualTo("3.5");
	}

	@Test
	void slowOnesMissAndAVoidMixMissesWhateverTheLatency() {
		assertThat(TimeToKnowFigure.bars(figures(120, 600, null), mix(202, 10_000)))
			.filteredOn((bar) -> Boolean.FALSE.equals(bar.met()))
			.hasSize(2);
		AnswerMix throttled = new AnswerMix(202, new TreeMap<>(Map.of(202, 9_000L, 429, 1_000L)));
		assertThat(TimeToKnowFigure.bars(figures(10, 20, null), throttled))
			.filteredOn((bar) -> Boolean.FALSE.equals(bar.met()))
			.hasSize(2)
			.allMatch((bar) -> bar.value().contains("VOID"));
	}

	@Test
	void aRunWithoutTheCeilingSaysSo() {
		assertThat(TimeToKnowFigure.bars(figures(40, 180, null), mix(202, 10)))
			.filteredOn((bar) -> bar.label().contains("ceiling"))
			.singleElement()
			.extracting(Bar::value)
			.isEqualTo("no ceiling in this run");
	}

	private static TimeToKnowFigure.Figures figures(double p50, double p99, Double ceiling) {
		return new TimeToKnowFigure.Figures(1_000, p50, p99, ceiling, "acceptingKeyed", 2_000, 10_000, 0,
				Map.of("FINAL", 10_000L), Map.of("CONFIRMED", 10_000L), Map.of(202, 10_000L), false);
	}

	private static AnswerMix mix(int status, long count) {
		return new AnswerMix(202, new TreeMap<>(Map.of(status, count)));
	}

}
