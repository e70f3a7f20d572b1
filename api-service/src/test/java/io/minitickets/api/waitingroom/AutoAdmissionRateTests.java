package io.minitickets.api.waitingroom;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.Random;

import io.minitickets.api.waitingroom.AutoAdmissionRate.Pipeline;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 18, slice 3: the {@code auto} admission rate from the pipeline's measured capacity (the defaults: lag target
 * 1 s of settling at the worker's current rate, drained over 90 s, floor 1/s, held 5 s after a shed): doubling while
 * the pipeline keeps up, never past twice what it delivered, the settle rate once the lag reaches its target, held
 * while the lag is unknown.
 */
class AutoAdmissionRateTests {

	private static final Instant T0 = Instant.parse("2026-12-03T12:00:00Z");

	private final AutoAdmissionRate rate = new AutoAdmissionRate(Duration.ofSeconds(1), Duration.ofSeconds(90), 1,
			Duration.ofSeconds(5), 0.75);

	@Test
	void withTheLagAtItsTargetTheRoomAdmitsAtTheSettleRate() {
		assertThat(this.rate.perSecond(pipeline(300.0, 300, 0, 0), null, 1, T0)).isEqualTo(300);
	}

	@Test
	void asTheLagGrowsTheRateFalls() {
		int atTarget = this.rate.perSecond(pipeline(300.0, 300, 0, 0), null, 1, T0);
		int above = this.rate.perSecond(pipeline(300.0, 2_300, 0, 0), null, 1, T0.plusSeconds(1));
		int farAbove = this.rate.perSecond(pipeline(300.0, 30_000, 0, 0), null, 1, T0.plusSeconds(2));

		assertThat(above).isEqualTo(277).isLessThan(atTarget);
		assertThat(farAbove).as("more to drain than is settled: the floor").isEqualTo(1);
	}

	@Test
	void belowItsTargetTheLagLeavesRoomToGrowTowardsTheWorkersSpeed() {
		assertThat(this.rate.perSecond(pipeline(300.0, 0, 0, 0), null, 1, T0)).isEqualTo(303);
	}

	@Test
	void whenTheWorkerSlowsToAThirdTheRateFollows() {
		int before = this.rate.perSecond(pipeline(300.0, 300, 0, 0), null, 1, T0);
		int after = this.rate.perSecond(pipeline(100.0, 100, 0, 0), null, 1, T0.plusSeconds(10));

		assertThat(before).isEqualTo(300);
		assertThat(after).isEqualTo(100);
	}

	@Test
	void anUnmeasuredPipelineThatKeepsUpDoublesItsRateEverySecond() {
		int rate = 0;
		for (int second = 0; second <= 10; second++) {
			rate = this.rate.perSecond(delivering(rate, 0), null, 1, T0.plusSeconds(second));
		}

		assertThat(rate).isEqualTo(1_024);
	}

	@Test
	void aPipelineThatDeliversNothingYetGrowsTo64ASecondAndNoFurther() {
		int rate = 0;
		for (int second = 0; second <= 10; second++) {
			rate = this.rate.perSecond(delivering(0, 0), null, 1, T0.plusSeconds(second));
		}

		assertThat(rate).as("admitted customers who have not booked yet").isEqualTo(64);
	}

	@Test
	void aPipelineMeasuredAtTheFloorThatKeepsUpGrowsFromWhatItAdmits() {
		int first = this.rate.perSecond(pipeline(1.0, 0, 0, 0), null, 1, T0);
		int rate = first;
		for (int second = 1; second <= 10; second++) {
			rate = this.rate.perSecond(new Pipeline(1.0, 1.0, (double) rate, 0L, 0, 0, 256), null, 1,
					T0.plusSeconds(second));
		}

		assertThat(first).as("1.025/s, its fraction kept for the next round").isEqualTo(1);
		assertThat(rate).isGreaterThanOrEqualTo(1_000);
	}

	@Test
	void roundsWithinASecondGrowTheRateByTheirShareOfTheDoubling() {
		int rate = this.rate.perSecond(delivering(0, 0), null, 1, T0);
		for (int round = 1; round <= 50; round++) {
			rate = this.rate.perSecond(delivering(rate, 0), null, 1, T0.plusMillis(200L * round));
		}

		assertThat(rate).as("10 s of 200 ms rounds").isBetween(1_000, 1_024);
	}

	@Test
	void roomsSharingTheRateDoubleItOnceASecondTogether() {
		int[] rates = new int[2];
		for (int second = 0; second <= 10; second++) {
			int delivered = rates[0] + rates[1];
			for (int room = 0; room < 2; room++) {
				rates[room] = this.rate.perSecond(delivering(delivered, 0), null, 2, T0.plusSeconds(second));
			}
		}

		assertThat(rates).containsExactly(1_024, 1_024);
	}

	@Test
	void theGrowthStopsAtTheCeiling() {
		int rate = 0;
		for (int second = 0; second <= 12; second++) {
			rate = this.rate.perSecond(delivering(rate, 0), 100, 1, T0.plusSeconds(second));
		}
		int uncapped = this.rate.perSecond(delivering(rate, 0), null, 1, T0.plusSeconds(13));

		assertThat(rate).isEqualTo(100);
		assertThat(uncapped).as("grows from what was admitted").isEqualTo(200);
	}

	@Test
	void withTheLagAboveItsTargetTheRateStopsGrowingAndFallsToTheSettleRate() {
		int rate = 0;
		for (int second = 0; second <= 10; second++) {
			rate = this.rate.perSecond(delivering(rate, 0), null, 1, T0.plusSeconds(second));
		}
		int lagging = this.rate.perSecond(pipeline(300.0, 2_300, 0, 0), null, 1, T0.plusSeconds(11));

		assertThat(lagging).isEqualTo(277);
	}

	@Test
	void theLagIsJudgedInSecondsAtTheWorkersRecentRateNotItsSmoothedOne() {
		// smoothed over 10 s the worker still reads 300/s, but it settled 100/s over the last 2 s: the 450 records
		// ahead (1.5 s at the old speed) are 4.5 s at its speed now, 3.5 s over the target, drained over 90 s
		int rate = this.rate.perSecond(new Pipeline(300.0, 100.0, 100.0, 450L, 0, 0, 256), null, 1, T0);

		assertThat(rate).isEqualTo(96);
	}

	@Test
	void aRoomRampedToItsWorkerFollowsItSlowedToAThirdWithinTenSecondsAndTheLagStaysUnderTen() {
		Worker worker = new Worker(300);
		int rate = 0;
		double mostLag = 0;
		for (int second = 0; second < 60; second++) {
			rate = this.rate.perSecond(worker.pipeline(), null, 1, T0.plusSeconds(second));
			worker.run(rate);
			mostLag = Math.max(mostLag, worker.lagSeconds());
		}
		assertThat(mostLag).as("ramping, the last doubling overshoots the target by a few seconds at most")
			.isLessThanOrEqualTo(4);
		assertThat(rate).as("ramped to the worker's speed").isBetween(270, 330);
		worker.capacity = 100;
		int[] rates = new int[60];
		for (int second = 60; second < 120; second++) {
			rate = this.rate.perSecond(worker.pipeline(), null, 1, T0.plusSeconds(second));
			rates[second - 60] = rate;
			worker.run(rate);
			mostLag = Math.max(mostLag, worker.lagSeconds());
		}
		int followedAfter = -1;
		for (int second = rates.length - 1; second >= 0 && Math.abs(rates[second] - 100) <= 20; second--) {
			followedAfter = second;
		}

		assertThat(followedAfter).as("seconds until within 20 %% of the slowed worker's speed for good: %s",
				Arrays.toString(rates)).isBetween(0, 10);
		assertThat(mostLag).as("1.5 s of the fast worker's records are 4.5 s of the slow one's, and the 2 s window "
				+ "sees the slow-down within 2 s").isLessThanOrEqualTo(10);
		assertThat(worker.lagSeconds()).as("draining towards the target over 90 s: under the 4.5 s the slow-down made")
			.isLessThanOrEqualTo(3.5);
	}

	@ParameterizedTest(name = "admission reaching Kafka {0} ms later")
	@ValueSource(ints = { 2_000, 2_500, 3_000 })
	void aRushWhoseBookingsTrailAdmissionFollowsTheWorkerSlowedToAThirdWithTheLagUnderTenSeconds(int delayMillis) {
		assertFollowsTheSlowDown(new Sale(delayMillis / 1e3, true));
	}

	/**
	 * The bench's slowed worker is not steady: on this machine its 5 s settle rate swung between ~800 and ~1,340 a
	 * second around ~1,000 (full-size run of 2026-12-06 00:16 UTC), and the rule, judging the lag at the lower of its
	 * smoothed and recent rates and draining a 7 s lag over 40 s, admitted 20-29 % under it for 40 s. That rule misses
	 * the follow here with 7 of these 20 draws.
	 */
	@ParameterizedTest(name = "worker speed drawn with seed {0}")
	@ValueSource(ints = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20 })
	void aRushFollowsAWorkerWhoseSpeedSwingsAQuarterEitherWayAfterItSlowsToAThird(int seed) {
		assertFollowsTheSlowDown(new Sale(2.5, true, new Random(seed)));
	}

	/** Runs a sale whose worker slows to a third: the lag stays under 10 s, admission follows within 10 s. */
	private void assertFollowsTheSlowDown(Sale sale) {
		while (!sale.over()) {
			sale.round(this.rate.perSecond(sale.pipeline(), null, 1, sale.now()));
		}

		assertThat(sale.slowedAt).as("the slow-down lands while places wait").isPositive();
		assertThat(sale.mostLagSeconds()).as("the lag at its highest, seconds a record waited to be settled")
			.isLessThanOrEqualTo(10);
		assertThat(sale.followSeconds()).as("from the slow-down until admission stayed within 20 %% of the settle "
				+ "rate: %s", sale.rates()).isBetween(0.0, 10.0);
	}

	@ParameterizedTest(name = "admission reaching Kafka {0} ms later")
	@ValueSource(ints = { 2_000, 2_500, 3_000 })
	void aRushWhoseBookingsTrailAdmissionRampsFromTheFloorToTheWorkersSpeedWithinFortySeconds(int delayMillis) {
		Sale sale = new Sale(delayMillis / 1e3, false);
		while (!sale.over()) {
			sale.round(this.rate.perSecond(sale.pipeline(), null, 1, sale.now()));
		}

		assertThat(sale.rampedAt).as("doubling every second to 64/s, then per delivery delay (3-4 s) to 90 % of 666/s")
			.isBetween(0.0, 40.0);
		assertThat(sale.mostLagSeconds()).as("the worker never slowed").isLessThanOrEqualTo(4);
	}

	@Test
	void whileTheLagIsUnknownTheRateIsHeldNotDoubled() {
		int unknown = 0;
		for (int second = 0; second <= 10; second++) {
			unknown = this.rate.perSecond(new Pipeline(null, null, null, null, 0, 0, 256), null, 1,
					T0.plusSeconds(second));
		}
		int known = this.rate.perSecond(delivering(unknown, 0), null, 1, T0.plusSeconds(11));
		int grown = this.rate.perSecond(delivering(known, 0), null, 1, T0.plusSeconds(12));
		int heldAgain = this.rate.perSecond(new Pipeline(null, null, null, null, 0, 0, 256), null, 1,
				T0.plusSeconds(13));

		assertThat(unknown).as("no group committed offset yet: at the floor, however long it keeps up").isEqualTo(1);
		assertThat(known).isEqualTo(2);
		assertThat(grown).isEqualTo(4);
		assertThat(heldAgain).as("held at the last rate").isEqualTo(4);
	}

	@Test
	void nothingIsAdmittedWhileRequestsAreShedAndForTheHoldAfter() {
		assertThat(this.rate.perSecond(pipeline(300.0, 0, 7, 10), null, 1, T0))
			.as("sheds before the first reading are not this room's doing").isEqualTo(303);
		assertThat(this.rate.perSecond(pipeline(300.0, 0, 8, 10), null, 1, T0.plusSeconds(1))).isZero();
		assertThat(this.rate.perSecond(pipeline(300.0, 0, 8, 10), null, 1, T0.plusSeconds(5))).isZero();
		assertThat(this.rate.perSecond(pipeline(300.0, 0, 8, 10), null, 1, T0.plusSeconds(7)))
			.isEqualTo(303);
	}

	@Test
	void aShedHalvesTheRateItGrowsFromAfterTheHold() {
		int rate = 0;
		for (int second = 0; second <= 10; second++) {
			rate = this.rate.perSecond(delivering(rate, 0), null, 1, T0.plusSeconds(second));
		}
		int shed = this.rate.perSecond(delivering(rate, 1), null, 1, T0.plusSeconds(11));
		int held = this.rate.perSecond(delivering(rate, 1), null, 1, T0.plusSeconds(15));
		int resumed = this.rate.perSecond(delivering(rate, 1), null, 1, T0.plusSeconds(16));
		int next = this.rate.perSecond(delivering(resumed, 1), null, 1, T0.plusSeconds(17));

		assertThat(shed).isZero();
		assertThat(held).isZero();
		assertThat(resumed).isEqualTo(512);
		assertThat(next).isEqualTo(1_024);
	}

	@Test
	void nothingIsAdmittedWhileTheInFlightLimitIsNearlyReached() {
		assertThat(this.rate.perSecond(pipeline(300.0, 0, 0, 192), null, 1, T0)).isZero();
		assertThat(this.rate.perSecond(pipeline(300.0, 0, 0, 191), null, 1, T0)).isEqualTo(303);
	}

	@Test
	void anUnmeasuredPipelineAdmitsAtTheFloorAndTheCeilingCaps() {
		assertThat(this.rate.perSecond(pipeline(null, 0, 0, 0), null, 1, T0)).isEqualTo(1);
		assertThat(this.rate.perSecond(pipeline(300.0, 300, 0, 0), 50, 1, T0)).isEqualTo(50);
	}

	@Test
	void roomsAdmittingAutomaticallyShareTheRate() {
		assertThat(this.rate.perSecond(pipeline(300.0, 300, 0, 0), null, 3, T0)).isEqualTo(100);
		assertThat(this.rate.perSecond(pipeline(2.0, 10, 0, 0), null, 3, T0)).as("the floor per room")
			.isEqualTo(1);
	}

	/**
	 * A pipeline as measured while the worker's speed is steady: its recent rate is its smoothed one, and so is what it
	 * delivered.
	 */
	private static Pipeline pipeline(@Nullable Double settled, long ahead, long shed, int inFlight) {
		return new Pipeline(settled, settled, settled, ahead, shed, inFlight, 256);
	}

	/**
	 * A pipeline without a delay whose worker, its speed not yet measured, keeps up: it delivers {@code admitted} a
	 * second (what was admitted), no records ahead.
	 */
	private static Pipeline delivering(int admitted, long shed) {
		return new Pipeline(null, null, (double) admitted, 0L, shed, 0, 256);
	}

	/**
	 * A worker settling at most {@code capacity} records a second, measured as {@code SettleRates} does: smoothed
	 * with a half-life of 10 s, its recent rate over the last 2 s it ended with records waiting, and what it delivered
	 * over the last second (no delay between admission and the worker).
	 */
	private static final class Worker {

		private int capacity;

		private double ahead;

		private @Nullable Double measured;

		private @Nullable Double recent;

		private @Nullable Double delivered;

		private double lastSecond = -1;

		Worker(int capacity) {
			this.capacity = capacity;
		}

		Pipeline pipeline() {
			return new Pipeline(this.measured, this.recent, this.delivered, (long) this.ahead, 0, 0, 256);
		}

		/** One second: {@code admitted} records arrive, at most {@code capacity} are settled. */
		void run(int admitted) {
			double settled = Math.min(this.capacity, this.ahead + admitted);
			this.ahead = this.ahead + admitted - settled;
			this.delivered = settled;
			double keep = Math.pow(0.5, 1 / 10.0);
			this.measured = (this.measured != null) ? keep * this.measured + (1 - keep) * settled : settled;
			if (this.ahead > 0) {
				this.recent = (this.lastSecond >= 0) ? (this.lastSecond + settled) / 2 : settled;
				this.lastSecond = settled;
			}
			else {
				this.lastSecond = -1;
			}
		}

		/** The records ahead as seconds of settling at the worker's real speed. */
		double lagSeconds() {
			return this.ahead / this.capacity;
		}

	}


	/**
	 * The bench's rush ({@code AutoRush} at {@code --scale 0.1}) in rounds of 200 ms, as the admission thread runs:
	 * 10,000 customers, a worker settling at most 666 records a second, slowed (if it is to be) to a third once the
	 * room has admitted a third of them or 40 s have passed (the bench's deadline / 3); every admitted customer's
	 * booking reaches Kafka {@code delay} later, and the worker group's offsets are read once a second and measured as
	 * {@code SettleRates} does (smoothed with a half-life of 10 s over intervals that began with records waiting; the
	 * recent rate over the last 2 s the worker was busy through; the throughput over the last 2 s, busy or not). Judged
	 * as the bench judges, a little more strictly: the lag at each second's reading is the time until the committed
	 * offset reached the end offset read then; the follow over 5 s windows, each against the settle rate over the same
	 * 5 s only (the bench also takes the 5 s ending a reading earlier; the swinging worker here follows within 10 s
	 * even without it).
	 */
	private static final class Sale {

		private static final int CUSTOMERS = 10_000;

		private static final double CAPACITY = 666;

		private static final double ROUND = 0.2;

		/** The bench's deadline at this scale (20 s + a second a hundred customers), s. */
		private static final double LONGEST = 120;

		/** How long a drawn speed of a swinging worker lasts, s. */
		private static final int SWING_SECONDS = 2;

		private final double delay;

		private final boolean slowing;

		private double capacity = CAPACITY;

		/** Draws the worker's speed every {@value #SWING_SECONDS} s (a quarter either way); null for a steady worker. */
		private final @Nullable Random swings;

		private double speed = 1;

		private int round;

		private long admitted;

		private double fraction;

		private final Deque<double[]> inTransit = new ArrayDeque<>();

		private double end;

		private double committed;

		private @Nullable Pipeline pipeline;

		private double[] previous = { -1, 0, 0 };

		private double weightedRecords;

		private double weightedSeconds;

		private final Deque<double[]> busy = new ArrayDeque<>();

		private @Nullable Double recent;

		/** The readings of the last 2 s, busy or not: seconds, committed offset. */
		private final Deque<double[]> window = new ArrayDeque<>();

		/** Per second: seconds, end offset, committed offset, admitted. */
		private final List<double[]> samples = new ArrayList<>();

		private double slowedAt = -1;

		private double emptiedAt = -1;

		private double rampedAt = -1;

		/**
		 * @param delay from an admission until its booking is in Kafka, s
		 * @param slowing whether the worker slows to a third (else it keeps its speed to the end)
		 */
		Sale(double delay, boolean slowing) {
			this(delay, slowing, null);
		}

		/**
		 * @param delay from an admission until its booking is in Kafka, s
		 * @param slowing whether the worker slows to a third (else it keeps its speed to the end)
		 * @param swings draws the worker's speed, uniformly 0.75-1.25 of its capacity, every {@value #SWING_SECONDS} s;
		 * null for a worker at its capacity throughout
		 */
		Sale(double delay, boolean slowing, @Nullable Random swings) {
			this.delay = delay;
			this.slowing = slowing;
			this.swings = swings;
		}

		Instant now() {
			return T0.plusMillis(200L * this.round);
		}

		Pipeline pipeline() {
			return (this.pipeline != null) ? this.pipeline : new Pipeline(null, null, null, null, 0, 0, 256);
		}

		boolean over() {
			return (this.emptiedAt >= 0 && this.inTransit.isEmpty() && this.committed >= this.end)
					|| this.round * ROUND > LONGEST;
		}

		/** One round: {@code perSecond × 200 ms} admitted, the worker settles, and once a second the offsets are read. */
		void round(int perSecond) {
			double seconds = this.round * ROUND;
			if (this.rampedAt < 0 && perSecond >= 0.9 * CAPACITY) {
				this.rampedAt = seconds;
			}
			this.fraction += perSecond * ROUND;
			long admitting = Math.min(CUSTOMERS - this.admitted, (long) this.fraction);
			this.fraction -= admitting;
			this.admitted += admitting;
			if (admitting > 0) {
				this.inTransit.addLast(new double[] { seconds + this.delay, admitting });
			}
			if (this.emptiedAt < 0 && this.admitted >= CUSTOMERS) {
				this.emptiedAt = seconds;
			}
			if (this.slowing && this.slowedAt < 0 && (this.admitted >= CUSTOMERS / 3 || seconds >= 40)) {
				this.slowedAt = seconds;
				this.capacity = CAPACITY / 3;
			}
			while (!this.inTransit.isEmpty() && this.inTransit.getFirst()[0] <= seconds + 1e-9) {
				this.end += this.inTransit.removeFirst()[1];
			}
			if (this.swings != null && this.round % (SWING_SECONDS * 5) == 0) {
				this.speed = 0.75 + 0.5 * this.swings.nextDouble();
			}
			this.committed = Math.min(this.end, this.committed + this.capacity * this.speed * ROUND);
			this.round++;
			if (this.round % 5 == 0) {
				read(this.round * ROUND);
			}
		}

		private void read(double at) {
			if (this.previous[0] >= 0 && this.previous[2] > this.previous[1]) {
				double seconds = at - this.previous[0];
				double decay = Math.pow(2, -seconds / 10);
				this.weightedRecords = this.weightedRecords * decay + (this.committed - this.previous[1]);
				this.weightedSeconds = this.weightedSeconds * decay + seconds;
			}
			if (this.end > this.committed) {
				this.busy.addLast(new double[] { at, this.committed });
				while (this.busy.size() > 1 && at - this.busy.getFirst()[0] > 2 + 1e-9) {
					this.busy.removeFirst();
				}
				double[] first = this.busy.getFirst();
				if (at > first[0]) {
					this.recent = (this.committed - first[1]) / (at - first[0]);
				}
			}
			else {
				this.busy.clear();
			}
			this.previous = new double[] { at, this.committed, this.end };
			this.samples.add(new double[] { at, this.end, this.committed, this.admitted });
			Double smoothed = (this.weightedSeconds > 0) ? this.weightedRecords / this.weightedSeconds : null;
			this.window.addLast(new double[] { at, this.committed });
			while (this.window.size() > 1 && at - this.window.getFirst()[0] > 2 + 1e-9) {
				this.window.removeFirst();
			}
			double[] first = this.window.getFirst();
			Double throughput = (at > first[0]) ? (this.committed - first[1]) / (at - first[0]) : null;
			this.pipeline = new Pipeline(smoothed, this.recent, throughput, Math.round(this.end - this.committed), 0, 0,
					256);
		}

		/** The longest a record waited to be settled, from the second's reading when it was first seen. */
		double mostLagSeconds() {
			double most = 0;
			int settledBy = 0;
			for (int i = 0; i < this.samples.size(); i++) {
				settledBy = Math.max(settledBy, i);
				while (settledBy < this.samples.size()
						&& this.samples.get(settledBy)[2] < this.samples.get(i)[1] - 1e-6) {
					settledBy++;
				}
				double until = this.samples.get(Math.min(settledBy, this.samples.size() - 1))[0];
				most = Math.max(most, until - this.samples.get(i)[0]);
			}
			return most;
		}

		/**
		 * @return the end of the first 5 s window wholly after the slow-down from which on every window that ended while
		 * places waited admitted within 20 % of the settle rate, s after the slow-down; −1 when none did
		 */
		double followSeconds() {
			double follow = -1;
			for (int i = 5; i < this.samples.size(); i++) {
				double[] now = this.samples.get(i);
				double[] then = this.samples.get(i - 5);
				if (then[0] < this.slowedAt || now[0] > this.emptiedAt) {
					continue;
				}
				double settled = (now[2] - then[2]) / 5;
				double admitted = (now[3] - then[3]) / 5;
				if (Math.abs(admitted - settled) > 0.2 * settled) {
					follow = -1;
				}
				else if (follow < 0) {
					follow = now[0] - this.slowedAt;
				}
			}
			return follow;
		}

		/** Per second after the slow-down: admitted/settled, for a failure's message. */
		String rates() {
			StringBuilder rates = new StringBuilder("slowed at %.1f s:".formatted(this.slowedAt));
			for (int i = 1; i < this.samples.size(); i++) {
				double[] now = this.samples.get(i);
				double[] then = this.samples.get(i - 1);
				if (now[0] > this.slowedAt - 3 && now[0] <= this.emptiedAt) {
					rates.append(" %.0f/%.0f(%.0f)".formatted(now[3] - then[3], now[2] - then[2], now[1] - now[2]));
				}
			}
			return rates.toString();
		}

	}

}
