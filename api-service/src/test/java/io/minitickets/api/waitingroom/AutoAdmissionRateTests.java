package io.minitickets.api.waitingroom;

import java.time.Duration;
import java.time.Instant;

import io.minitickets.api.waitingroom.AutoAdmissionRate.Pipeline;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 18, slice 3: the {@code auto} admission rate from the pipeline's measured capacity (lag target 5 s of
 * settling, drained over 10 s, floor 1/s, held 5 s after a shed): doubling while the pipeline keeps up, the settle
 * rate once the lag reaches its target.
 */
class AutoAdmissionRateTests {

	private static final Instant T0 = Instant.parse("2026-12-03T12:00:00Z");

	private final AutoAdmissionRate rate = new AutoAdmissionRate(Duration.ofSeconds(5), Duration.ofSeconds(10), 1,
			Duration.ofSeconds(5), 0.75);

	@Test
	void withTheLagAtItsTargetTheRoomAdmitsAtTheSettleRate() {
		assertThat(this.rate.perSecond(new Pipeline(300.0, 1_500, 0, 0, 256), null, 1, T0)).isEqualTo(300);
	}

	@Test
	void asTheLagGrowsTheRateFalls() {
		int atTarget = this.rate.perSecond(new Pipeline(300.0, 1_500, 0, 0, 256), null, 1, T0);
		int above = this.rate.perSecond(new Pipeline(300.0, 2_500, 0, 0, 256), null, 1, T0.plusSeconds(1));
		int farAbove = this.rate.perSecond(new Pipeline(300.0, 6_000, 0, 0, 256), null, 1, T0.plusSeconds(2));

		assertThat(above).isEqualTo(200).isLessThan(atTarget);
		assertThat(farAbove).as("more to drain than is settled: the floor").isEqualTo(1);
	}

	@Test
	void belowItsTargetTheLagLeavesRoomToGrowTowardsTheWorkersSpeed() {
		assertThat(this.rate.perSecond(new Pipeline(300.0, 0, 0, 0, 256), null, 1, T0)).isEqualTo(450);
	}

	@Test
	void whenTheWorkerSlowsToAThirdTheRateFollows() {
		int before = this.rate.perSecond(new Pipeline(300.0, 1_500, 0, 0, 256), null, 1, T0);
		int after = this.rate.perSecond(new Pipeline(100.0, 500, 0, 0, 256), null, 1, T0.plusSeconds(10));

		assertThat(before).isEqualTo(300);
		assertThat(after).isEqualTo(100);
	}

	@Test
	void anUnmeasuredPipelineThatKeepsUpDoublesItsRateEverySecond() {
		int rate = 0;
		for (int second = 0; second <= 10; second++) {
			rate = this.rate.perSecond(new Pipeline(null, 0, 0, 0, 256), null, 1, T0.plusSeconds(second));
		}

		assertThat(rate).isEqualTo(1_024);
	}

	@Test
	void aPipelineMeasuredAtTheFloorThatKeepsUpGrowsFromWhatItAdmits() {
		int first = this.rate.perSecond(new Pipeline(1.0, 0, 0, 0, 256), null, 1, T0);
		int rate = first;
		for (int second = 1; second <= 10; second++) {
			rate = this.rate.perSecond(new Pipeline(1.0, 1, 0, 0, 256), null, 1, T0.plusSeconds(second));
		}

		assertThat(first).as("1.5/s, its half kept for the next round").isEqualTo(1);
		assertThat(rate).isGreaterThanOrEqualTo(1_000);
	}

	@Test
	void roundsWithinASecondGrowTheRateByTheirShareOfTheDoubling() {
		this.rate.perSecond(new Pipeline(null, 0, 0, 0, 256), null, 1, T0);
		int rate = 0;
		for (int round = 1; round <= 50; round++) {
			rate = this.rate.perSecond(new Pipeline(null, 0, 0, 0, 256), null, 1, T0.plusMillis(200L * round));
		}

		assertThat(rate).as("10 s of 200 ms rounds").isBetween(1_000, 1_024);
	}

	@Test
	void roomsSharingTheRateDoubleItOnceASecondTogether() {
		int[] rates = new int[2];
		for (int second = 0; second <= 10; second++) {
			for (int room = 0; room < 2; room++) {
				rates[room] = this.rate.perSecond(new Pipeline(null, 0, 0, 0, 256), null, 2, T0.plusSeconds(second));
			}
		}

		assertThat(rates).containsExactly(1_024, 1_024);
	}

	@Test
	void theGrowthStopsAtTheCeiling() {
		int rate = 0;
		for (int second = 0; second <= 12; second++) {
			rate = this.rate.perSecond(new Pipeline(null, 0, 0, 0, 256), 100, 1, T0.plusSeconds(second));
		}
		int uncapped = this.rate.perSecond(new Pipeline(null, 0, 0, 0, 256), null, 1, T0.plusSeconds(13));

		assertThat(rate).isEqualTo(100);
		assertThat(uncapped).as("grows from what was admitted").isEqualTo(200);
	}

	@Test
	void withTheLagAboveItsTargetTheRateStopsGrowingAndFallsToTheSettleRate() {
		for (int second = 0; second <= 10; second++) {
			this.rate.perSecond(new Pipeline(null, 0, 0, 0, 256), null, 1, T0.plusSeconds(second));
		}
		int lagging = this.rate.perSecond(new Pipeline(300.0, 2_500, 0, 0, 256), null, 1, T0.plusSeconds(11));

		assertThat(lagging).isEqualTo(200);
	}

	@Test
	void aRoomRampedToItsWorkerFollowsItSlowedToAThirdWithinTenSeconds() {
		Worker worker = new Worker(300);
		int rate = 0;
		double mostLag = 0;
		for (int second = 0; second < 60; second++) {
			rate = this.rate.perSecond(worker.pipeline(), null, 1, T0.plusSeconds(second));
			worker.run(rate);
			mostLag = Math.max(mostLag, worker.lagSeconds());
		}
		assertThat(mostLag).as("ramping, the lag stays within its target of 5 s").isLessThanOrEqualTo(5);
		assertThat(rate).as("ramped to the worker's speed").isBetween(270, 330);
		worker.capacity = 100;
		int followedAfter = -1;
		for (int second = 60; second < 120; second++) {
			rate = this.rate.perSecond(worker.pipeline(), null, 1, T0.plusSeconds(second));
			worker.run(rate);
			if (followedAfter < 0 && rate <= 100) {
				followedAfter = second - 60;
			}
			mostLag = Math.max(mostLag, worker.lagSeconds());
		}

		assertThat(followedAfter).as("seconds until at or below the slowed worker's speed").isBetween(1, 10);
		assertThat(mostLag).as("5 s of the fast worker's records are 15 s of the slow one's, and the measured rate "
				+ "falls with a half-life of 10 s").isLessThanOrEqualTo(21);
		assertThat(worker.lagSeconds()).as("back towards the target after 60 s").isLessThanOrEqualTo(7);
	}

	@Test
	void nothingIsAdmittedWhileRequestsAreShedAndForTheHoldAfter() {
		assertThat(this.rate.perSecond(new Pipeline(300.0, 0, 7, 10, 256), null, 1, T0))
			.as("sheds before the first reading are not this room's doing").isEqualTo(450);
		assertThat(this.rate.perSecond(new Pipeline(300.0, 0, 8, 10, 256), null, 1, T0.plusSeconds(1))).isZero();
		assertThat(this.rate.perSecond(new Pipeline(300.0, 0, 8, 10, 256), null, 1, T0.plusSeconds(5))).isZero();
		assertThat(this.rate.perSecond(new Pipeline(300.0, 0, 8, 10, 256), null, 1, T0.plusSeconds(7)))
			.isEqualTo(450);
	}

	@Test
	void aShedHalvesTheRateItGrowsFromAfterTheHold() {
		for (int second = 0; second <= 10; second++) {
			this.rate.perSecond(new Pipeline(null, 0, 0, 0, 256), null, 1, T0.plusSeconds(second));
		}
		int shed = this.rate.perSecond(new Pipeline(null, 0, 1, 0, 256), null, 1, T0.plusSeconds(11));
		int held = this.rate.perSecond(new Pipeline(null, 0, 1, 0, 256), null, 1, T0.plusSeconds(15));
		int resumed = this.rate.perSecond(new Pipeline(null, 0, 1, 0, 256), null, 1, T0.plusSeconds(16));
		int next = this.rate.perSecond(new Pipeline(null, 0, 1, 0, 256), null, 1, T0.plusSeconds(17));

		assertThat(shed).isZero();
		assertThat(held).isZero();
		assertThat(resumed).isEqualTo(512);
		assertThat(next).isEqualTo(1_024);
	}

	@Test
	void nothingIsAdmittedWhileTheInFlightLimitIsNearlyReached() {
		assertThat(this.rate.perSecond(new Pipeline(300.0, 0, 0, 192, 256), null, 1, T0)).isZero();
		assertThat(this.rate.perSecond(new Pipeline(300.0, 0, 0, 191, 256), null, 1, T0)).isEqualTo(450);
	}

	@Test
	void anUnmeasuredPipelineAdmitsAtTheFloorAndTheCeilingCaps() {
		assertThat(this.rate.perSecond(new Pipeline(null, 0, 0, 0, 256), null, 1, T0)).isEqualTo(1);
		assertThat(this.rate.perSecond(new Pipeline(300.0, 1_500, 0, 0, 256), 50, 1, T0)).isEqualTo(50);
	}

	@Test
	void roomsAdmittingAutomaticallyShareTheRate() {
		assertThat(this.rate.perSecond(new Pipeline(300.0, 1_500, 0, 0, 256), null, 3, T0)).isEqualTo(100);
		assertThat(this.rate.perSecond(new Pipeline(2.0, 10, 0, 0, 256), null, 3, T0)).as("the floor per room")
			.isEqualTo(1);
	}

	/**
	 * A worker settling at most {@code capacity} records a second, measured as {@code SettleRates} does: smoothed
	 * with a half-life of 10 s.
	 */
	private static final class Worker {

		private int capacity;

		private double ahead;

		private @Nullable Double measured;

		Worker(int capacity) {
			this.capacity = capacity;
		}

		Pipeline pipeline() {
			return new Pipeline(this.measured, (long) this.ahead, 0, 0, 256);
		}

		/** One second: {@code admitted} records arrive, at most {@code capacity} are settled. */
		void run(int admitted) {
			double settled = Math.min(this.capacity, this.ahead + admitted);
			this.ahead = this.ahead + admitted - settled;
			double keep = Math.pow(0.5, 1 / 10.0);
			this.measured = (this.measured != null) ? keep * this.measured + (1 - keep) * settled : settled;
		}

		/** The records ahead as seconds of settling at the worker's real speed. */
		double lagSeconds() {
			return this.ahead / this.capacity;
		}

	}

}
