package io.minitickets.api.waitingroom;

import java.time.Duration;
import java.time.Instant;

import io.minitickets.api.waitingroom.AutoAdmissionRate.Pipeline;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 18, slice 3: the {@code auto} admission rate from the pipeline's measured capacity (lag target 5 s of
 * settling, drained over 10 s, floor 1/s, held 5 s after a shed).
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
	void nothingIsAdmittedWhileRequestsAreShedAndForTheHoldAfter() {
		assertThat(this.rate.perSecond(new Pipeline(300.0, 0, 7, 10, 256), null, 1, T0))
			.as("sheds before the first reading are not this room's doing").isEqualTo(450);
		assertThat(this.rate.perSecond(new Pipeline(300.0, 0, 8, 10, 256), null, 1, T0.plusSeconds(1))).isZero();
		assertThat(this.rate.perSecond(new Pipeline(300.0, 0, 8, 10, 256), null, 1, T0.plusSeconds(5))).isZero();
		assertThat(this.rate.perSecond(new Pipeline(300.0, 0, 8, 10, 256), null, 1, T0.plusSeconds(7)))
			.isEqualTo(450);
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

}
