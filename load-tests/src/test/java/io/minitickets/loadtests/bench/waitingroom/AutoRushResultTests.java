package io.minitickets.loadtests.bench.waitingroom;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.function.IntUnaryOperator;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * {@link AutoRush.Result#of}: the lag as the seconds until the records written by a reading were settled, the settle
 * rate before and after the slow-down, and how soon the admission rate followed it.
 */
class AutoRushResultTests {

	@Test
	void lagIsTheLongestWaitUntilTheCommittedOffsetsReachedAReadingsEnd() {
		List<AutoRush.Sample> samples = List.of(new AutoRush.Sample(0, 100, 100, 0),
				new AutoRush.Sample(1, 200, 120, 0), new AutoRush.Sample(2, 220, 150, 0),
				new AutoRush.Sample(3, 220, 199, 0), new AutoRush.Sample(4, 230, 220, 0),
				new AutoRush.Sample(5, 230, 230, 0));

		// the end read at 1 s (200) was committed by 4 s: 3 s of settling; every other reading waited less
		assertThat(AutoRush.Result.of(0, 0, 0, 0, 0, -1, -1, samples, new TreeMap<>()).maxLagSeconds()).isCloseTo(3, within(1e-9));
	}

	@Test
	void aWorkerThatKeepsUpHasNoLag() {
		List<AutoRush.Sample> samples = new ArrayList<>();
		for (int second = 0; second < 10; second++) {
			samples.add(new AutoRush.Sample(second, 10L * second, 10L * second, 10L * second));
		}

		assertThat(AutoRush.Result.of(0, 0, 0, 0, 0, -1, -1, samples, new TreeMap<>()).maxLagSeconds()).isZero();
	}

	@Test
	void theAdmissionRateFollowsTheSlowedSettleRate() {
		// 300/s settled and admitted until 10 s; then settled 100/s, admitted 300/s falling to 100/s by 14 s
		List<AutoRush.Sample> samples = readings(30, (second) -> (second < 10) ? 300 : 100,
				(second) -> (second < 10) ? 300 : Math.max(100, 300 - 50 * (second - 10)));

		AutoRush.Result result = AutoRush.Result.of(0, 0, 0, 0, 0, 10, -1, samples, new TreeMap<>());

		assertThat(result.settledPerSecondBefore()).isCloseTo(300, within(1e-9));
		assertThat(result.settledPerSecondAfter()).isCloseTo(100, within(1e-9));
		// the end of the first 5 s window wholly after the slow-down whose admissions are within 20 % of its
		// settlements (13–18 s: 550 admitted, 500 settled), as is every later one
		assertThat(result.followSeconds()).isCloseTo(8, within(1e-9));
		assertThat(result.lineSeconds()).as("never emptied: until the last reading").isCloseTo(20, within(1e-9));
	}

	@Test
	void theAdmissionRateMustStayWithinTheBandWhileTheLineWaits() {
		// settled 100/s from 10 s; admitted 100/s, then 250/s from 25 s to 30 s, the line empty from 35 s
		List<AutoRush.Sample> samples = readings(40, (second) -> (second < 10) ? 300 : 100,
				(second) -> (second < 10) ? 300 : (second >= 25 && second < 30) ? 250 : (second >= 35) ? 0 : 100);

		AutoRush.Result result = AutoRush.Result.of(0, 0, 0, 0, 0, 10, 35, samples, new TreeMap<>());

		// windows ending 26–34 s count more than 120/s: it stays within only from the window 30–35 s (ending at 35,
		// 25 s after the slow-down); the windows after the line emptied do not count
		assertThat(result.followSeconds()).isCloseTo(25, within(1e-9));
		assertThat(result.settledPerSecondAfter()).as("while places were waiting").isCloseTo(100, within(1e-9));
		assertThat(result.lineSeconds()).isCloseTo(25, within(1e-9));
	}

	@Test
	void anAdmissionRateTrailingTheWorkersSwingsByOneReadingFollowsIt() {
		int[] swing = { 100, 200, 40, 100 };
		// settled 100/s from 10 s, swinging to 200/s and 40/s for 2 s each from 22 s; admitted 100/s, and from 21 s
		// what the worker settled a second before
		List<AutoRush.Sample> samples = readings(40,
				(second) -> (second < 10) ? 300 : (second < 20) ? 100 : swing[Math.min(3, (second - 20) / 2)],
				(second) -> (second < 10) ? 300 : (second < 21) ? 100 : swing[Math.min(3, (second - 21) / 2)]);

		AutoRush.Result result = AutoRush.Result.of(0, 0, 0, 0, 0, 10, 40, samples, new TreeMap<>());

		// every window admits what was settled in the 5 s a reading before it: followed from the first window (10–15 s)
		assertThat(result.followSeconds()).isCloseTo(5, within(1e-9));
		// against the same 5 s alone, the swing down puts the windows ending at 28 and 29 s out of the band (116 and
		// 96 admitted a second against 96 and 76 settled): within it again from the window ending at 30 s
		assertThat(result.followSameWindowSeconds()).isCloseTo(20, within(1e-9));
	}

	@Test
	void anAdmissionRateMoreThanAReadingBehindTheWorkerDoesNotFollowIt() {
		// settled 100/s from 10 s, then 50/s from 25 s; admitted 100/s until 30 s: 5 readings late
		List<AutoRush.Sample> samples = readings(40, (second) -> (second < 10) ? 300 : (second < 25) ? 100 : 50,
				(second) -> (second < 10) ? 300 : (second < 30) ? 100 : 50);

		AutoRush.Result result = AutoRush.Result.of(0, 0, 0, 0, 0, 10, 40, samples, new TreeMap<>());

		// the windows ending 28–33 s admit more than 20 % over both the same 5 s and the 5 s a second before (100 a
		// second against 70 and 80 at 28 s): within the band only from the window ending at 34 s
		assertThat(result.followSeconds()).isCloseTo(24, within(1e-9));
		assertThat(result.followSameWindowSeconds()).isCloseTo(24, within(1e-9));
	}

	@Test
	void theWaitingCustomersReadTheirPlacesOftenEnoughNotToBeDroppedAsAbandoned() {
		// api-service drops a place unread for 60 s: each of 100,000 is read every 30 s at most
		assertThat(AutoRush.keepRate(100_000) * AutoRush.KEEP_EVERY.toSeconds()).isCloseTo(100_000, within(1e-6));
		assertThat(AutoRush.KEEP_EVERY).isLessThanOrEqualTo(java.time.Duration.ofSeconds(30));
		assertThat(AutoRush.keepRate(5)).isEqualTo(1);
	}

	@Test
	void aRushNeverSlowedNeverFollows() {
		List<AutoRush.Sample> samples = new ArrayList<>();
		for (int second = 0; second < 10; second++) {
			samples.add(new AutoRush.Sample(second, 10L * second, 10L * second, 10L * second));
		}

		AutoRush.Result result = AutoRush.Result.of(0, 0, 0, 0, 0, -1, 9, samples, new TreeMap<>());

		assertThat(result.followSeconds()).isEqualTo(-1);
		assertThat(result.lineSeconds()).isEqualTo(-1);
	}

	@Test
	void theCapMakesTheLineOutlastTheSlowdownByThirtySeconds() {
		int customers = 10_000;
		double slowedSeconds = (customers - customers / AutoRush.SLOWDOWN)
				/ ((double) AutoRush.cap(customers) / AutoRush.SLOWDOWN);

		assertThat(slowedSeconds).isBetween(29.0, 31.0);
		assertThat(AutoRush.cap(50)).isEqualTo(AutoRush.MIN_CAP);
	}


	/**
	 * One reading a second from 0 to {@code last} s, every record written settled at once (end = committed).
	 *
	 * @param settled records settled during each second
	 * @param admitted places admitted during each second
	 */
	private static List<AutoRush.Sample> readings(int last, IntUnaryOperator settled, IntUnaryOperator admitted) {
		List<AutoRush.Sample> samples = new ArrayList<>();
		long committed = 0;
		long admittedSoFar = 0;
		for (int second = 0; second <= last; second++) {
			samples.add(new AutoRush.Sample(second, committed, committed, admittedSoFar));
			committed += settled.applyAsInt(second);
			admittedSoFar += admitted.applyAsInt(second);
		}
		return samples;
	}

}
