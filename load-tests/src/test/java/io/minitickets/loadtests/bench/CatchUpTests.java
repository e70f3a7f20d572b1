package io.minitickets.loadtests.bench;

import java.util.Optional;

import org.junit.jupiter.api.Test;

import io.minitickets.loadtests.bench.worker.WorkerResult;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link CatchUp}: the drain rate after an accepting figure's window, held to at least half the worker figure's rate in
 * the same run, and not judged (saying so) when the run has no worker figure.
 */
class CatchUpTests {

	private static final WorkerResult WORKER = new WorkerResult(8_000, 800);

	@Test
	void drainsTheBacklogOverTheTimeUntilCaughtUp() {
		assertThat(new CatchUp(330_000, 110_000).drainPerSec()).isEqualTo(3_000);
	}

	@Test
	void meetsTheBarAtHalfTheWorkerFiguresRateAndMissesItBelow() {
		assertThat(new CatchUp(40_000, 10_000).bar("accepting: drain", Optional.of(WORKER)).met()).isTrue();
		Bar missed = new CatchUp(330_000, 332_669).bar("accepting: drain", Optional.of(WORKER));

		assertThat(missed.met()).isFalse();
		assertThat(missed.value()).isEqualTo("992/s (330,000 in 332,669 ms), 12 % of the worker's 8,000/s");
	}

	@Test
	void aBacklogUnderOneSecondOfTheWorkersRateKeptUpWhateverThePollMeasured() {
		Bar keptUp = new CatchUp(1_121, 303).bar("accepting: drain", Optional.of(WORKER));

		assertThat(keptUp.met()).isTrue();
		assertThat(keptUp.value())
			.isEqualTo("kept up: 1,121 left, under 1 s of the worker's 8,000/s (gone within 303 ms)");
		assertThat(new CatchUp(8_000, 2_001).bar("accepting: drain", Optional.of(WORKER)).met()).isFalse();
	}

	@Test
	void isNotJudgedAndSaysSoWhenTheRunHasNoWorkerFigure() {
		Bar bar = new CatchUp(330_000, 110_000).bar("accepting: drain", Optional.empty());

		assertThat(bar.met()).isNull();
		assertThat(bar.value()).endsWith("(no worker figure in this run)");
	}

	@Test
	void noBacklogHasNoRateAndMeetsTheBar() {
		CatchUp none = new CatchUp(0, 250);

		assertThat(none.drainPerSec()).isNull();
		assertThat(none.bar("accepting: drain", Optional.of(WORKER)).met()).isTrue();
	}

}
