package io.minitickets.api.queue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import io.minitickets.core.backlog.PartitionLag;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class SettleRatesTests {

	private static final Instant T0 = Instant.parse("2026-12-03T12:00:00Z");

	private final SettleRates rates = new SettleRates(Duration.ofSeconds(10), Duration.ofSeconds(2));

	@Test
	void theRateIsUnknownUntilTwoReadingsWithABacklog() {
		assertThat(this.rates.add(List.of(new PartitionLag(0, 100, 10L)), T0).get(0))
			.isEqualTo(new PartitionProgress(10, 100, null, false));

		assertThat(this.rates.add(List.of(new PartitionLag(0, 100, 30L)), T0.plusSeconds(2)).get(0))
			.isEqualTo(new PartitionProgress(30, 100, 10.0, false));
	}

	@Test
	void aPartitionTheGroupNeverCommittedOnHasNoProgress() {
		assertThat(this.rates.add(List.of(new PartitionLag(0, 100, null), new PartitionLag(1, 5, 5L)), T0))
			.containsOnlyKeys(1);
	}

	@Test
	void aStallPullsTheRateDownByItsLengthOverTheHalfLife() {
		this.rates.add(List.of(new PartitionLag(0, 1_000, 0L)), T0);
		this.rates.add(List.of(new PartitionLag(0, 1_000, 100L)), T0.plusSeconds(1));
		// 10 s later, nothing settled: the first second's 100 records weigh half (one half-life ago), over its half
		// second and the 10 s of the stall
		Double rate = this.rates.add(List.of(new PartitionLag(0, 1_000, 100L)), T0.plusSeconds(11))
			.get(0)
			.ratePerSecond();

		assertThat(rate).isCloseTo(50 / 10.5, within(1e-9));
	}

	@Test
	void aPartitionWithRecordsWaitingAndNoneSettledForAHalfLifeIsStalled() {
		this.rates.add(List.of(new PartitionLag(0, 1_000, 0L)), T0);
		this.rates.add(List.of(new PartitionLag(0, 1_000, 100L)), T0.plusSeconds(1));
		for (int second = 2; second <= 10; second++) {
			PartitionProgress waiting = this.rates.add(List.of(new PartitionLag(0, 1_000, 100L)),
					T0.plusSeconds(second)).get(0);
			assertThat(waiting.stalled()).as("%d s without a record settled", second - 1).isFalse();
		}

		PartitionProgress frozen = this.rates.add(List.of(new PartitionLag(0, 1_000, 100L)), T0.plusSeconds(11)).get(0);
		assertThat(frozen.stalled()).as("10 s, a half-life, without a record settled").isTrue();
		assertThat(frozen.ratePerSecond()).as("the rate itself is only pulled down").isPositive();
		assertThat(this.rates.add(List.of(new PartitionLag(0, 1_000, 150L)), T0.plusSeconds(12)).get(0).stalled())
			.as("settling again")
			.isFalse();
	}

	@Test
	void anIdlePartitionIsNotStalled() {
		this.rates.add(List.of(new PartitionLag(0, 50, 0L)), T0);
		this.rates.add(List.of(new PartitionLag(0, 50, 50L)), T0.plusSeconds(1));

		assertThat(this.rates.add(List.of(new PartitionLag(0, 50, 50L)), T0.plusSeconds(30)).get(0).stalled())
			.isFalse();
	}

	@Test
	void aWorkerResumingAfterAStallIsMeasuredFromItsResumption() {
		this.rates.add(List.of(new PartitionLag(0, 100_000, 0L)), T0);
		this.rates.add(List.of(new PartitionLag(0, 100_000, 1_000L)), T0.plusSeconds(1));
		for (int second = 2; second <= 31; second++) {
			this.rates.add(List.of(new PartitionLag(0, 100_000, 1_000L)), T0.plusSeconds(second));
		}
		this.rates.add(List.of(new PartitionLag(0, 100_000, 1_200L)), T0.plusSeconds(32));
		Double rate = this.rates.add(List.of(new PartitionLag(0, 100_000, 1_400L)), T0.plusSeconds(33))
			.get(0)
			.ratePerSecond();

		assertThat(rate).as("the 30 s stall says nothing of the restarted worker's speed").isCloseTo(200.0,
				within(1e-9));
	}

	@Test
	void aWorkerCommittingEveryFewSecondsIsNotAStall() {
		this.rates.add(List.of(new PartitionLag(0, 100_000, 0L)), T0);
		Double rate = null;
		for (int second = 1; second <= 60; second++) {
			long committed = (second / 3) * 30L;
			rate = this.rates.add(List.of(new PartitionLag(0, 100_000, committed)), T0.plusSeconds(second))
				.get(0)
				.ratePerSecond();
		}

		assertThat(rate).isCloseTo(10.0, within(1.5));
	}

	@Test
	void anIdlePartitionKeepsItsRate() {
		this.rates.add(List.of(new PartitionLag(0, 50, 0L)), T0);
		this.rates.add(List.of(new PartitionLag(0, 50, 50L)), T0.plusSeconds(1));

		Double rate = this.rates.add(List.of(new PartitionLag(0, 50, 50L)), T0.plusSeconds(30))
			.get(0)
			.ratePerSecond();

		assertThat(rate).as("nothing waited: the worker's speed is unchanged").isEqualTo(50.0);
	}

	@Test
	void aCommittedOffsetThatWentBackIsNoProgressNeverANegativeRate() {
		this.rates.add(List.of(new PartitionLag(0, 100, 50L)), T0);

		assertThat(this.rates.add(List.of(new PartitionLag(0, 100, 0L)), T0.plusSeconds(1)).get(0).ratePerSecond())
			.isZero();
	}

	@Test
	void theRecentRateIsTheLastWindowTheWorkerWasBusyThroughout() {
		assertThat(this.rates.recentPerSecond()).as("before any reading").isNull();
		this.rates.add(List.of(new PartitionLag(0, 100_000, 0L), new PartitionLag(1, 100_000, 0L)), T0);
		for (int second = 1; second <= 30; second++) {
			this.rates.add(List.of(new PartitionLag(0, 100_000, 300L * second), new PartitionLag(1, 100_000, 0L)),
					T0.plusSeconds(second));
		}
		// partition 0's worker slows to a third; partition 1 settled nothing while busy: a stall, 0/s
		for (int second = 31; second <= 33; second++) {
			this.rates.add(List.of(new PartitionLag(0, 100_000, 9_000L + 100L * (second - 30)),
					new PartitionLag(1, 100_000, 0L)), T0.plusSeconds(second));
		}

		assertThat(this.rates.recentPerSecond()).as("over the last 2 s, summed").isCloseTo(100.0, within(1e-9));
	}

	@Test
	void theRecentRateSpansTheWindowSoAWorkerCommittingEverySecondSecondIsNotAStall() {
		this.rates.add(List.of(new PartitionLag(0, 100_000, 0L)), T0);
		for (int second = 1; second <= 9; second++) {
			this.rates.add(List.of(new PartitionLag(0, 100_000, (second / 2) * 40L)), T0.plusSeconds(second));
		}

		assertThat(this.rates.recentPerSecond()).isCloseTo(20.0, within(1e-9));
	}

	@Test
	void anIntervalEndingCaughtUpIsNotTheWorkersSpeedSoTheRecentRateIsKept() {
		this.rates.add(List.of(new PartitionLag(0, 1_000, 0L)), T0);
		this.rates.add(List.of(new PartitionLag(0, 1_000, 300L)), T0.plusSeconds(1));
		this.rates.add(List.of(new PartitionLag(0, 1_000, 600L)), T0.plusSeconds(2));
		this.rates.add(List.of(new PartitionLag(0, 610, 610L)), T0.plusSeconds(3));
		this.rates.add(List.of(new PartitionLag(0, 615, 615L)), T0.plusSeconds(4));

		assertThat(this.rates.recentPerSecond()).as("the worker waited for records: not slowed")
			.isCloseTo(300.0, within(1e-9));
	}

	@Test
	void theThroughputIsWhatWasCommittedOverTheWindowBusyOrNot() {
		assertThat(this.rates.throughputPerSecond()).as("before any reading").isNull();
		this.rates.add(List.of(new PartitionLag(0, 0, 0L), new PartitionLag(1, 0, 0L)), T0);
		assertThat(this.rates.throughputPerSecond()).as("one reading").isNull();
		// the worker keeps up with 10, 20, 40, then 80 records a second on partition 0, 5 a second on partition 1:
		// never a record waiting at a reading, so no recent rate, but the throughput follows what arrived
		long[] settled = { 10, 30, 70, 150 };
		for (int second = 1; second <= 4; second++) {
			long committed = settled[second - 1];
			this.rates.add(List.of(new PartitionLag(0, committed, committed),
					new PartitionLag(1, 5L * second, 5L * second)), T0.plusSeconds(second));
		}

		assertThat(this.rates.recentPerSecond()).as("never busy").isNull();
		assertThat(this.rates.throughputPerSecond()).as("(150 − 30) / 2 s + 5 / s").isCloseTo(65.0, within(1e-9));
	}

	@Test
	void aCommittedOffsetThatWentBackIsNoThroughput() {
		this.rates.add(List.of(new PartitionLag(0, 500, 400L)), T0);
		this.rates.add(List.of(new PartitionLag(0, 500, 100L)), T0.plusSeconds(1));

		assertThat(this.rates.throughputPerSecond()).isZero();
	}

}
