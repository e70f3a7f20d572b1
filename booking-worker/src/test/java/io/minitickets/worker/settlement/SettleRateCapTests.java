package io.minitickets.worker.settlement;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The bench-only settle-rate cap: batches paced so that the records settled never run ahead of the cap (divided by the
 * bench's slow-down factor), and no pause at all without one.
 */
class SettleRateCapTests {

	private final AtomicLong now = new AtomicLong(1_000_000_000L);

	private final List<Long> pauses = new ArrayList<>();

	private SettleRateCap cap(double perSecond) {
		return new SettleRateCap(perSecond, this.now::get, (nanos) -> {
			this.pauses.add(nanos);
			this.now.addAndGet(nanos);
		});
	}

	@Test
	void withoutACapNoBatchWaits() {
		SettleRateCap cap = cap(0);

		cap.admit(500, 1);
		cap.admit(500, 1);

		assertThat(this.pauses).isEmpty();
	}

	@Test
	void batchesArePacedToTheCap() {
		SettleRateCap cap = cap(1_000);

		cap.admit(500, 1);
		cap.admit(500, 1);
		cap.admit(250, 1);

		// the first batch goes at once; each next one waits until the records before it are 1,000/s worth of time old
		assertThat(this.pauses).containsExactly(500_000_000L, 500_000_000L);
	}

	@Test
	void aSlowdownFactorPacesBatchesAtThatFractionOfTheCap() {
		SettleRateCap cap = cap(1_000);

		cap.admit(500, 1);
		cap.admit(500, 3);
		cap.admit(500, 3);

		// the batch after the slow-down waits the first's 500 ms; the next one its 500 records at 333/s
		assertThat(this.pauses).containsExactly(500_000_000L, 1_500_000_000L);
	}

	@Test
	void timeSpentSettlingCountsTowardsThePace() {
		SettleRateCap cap = cap(1_000);

		cap.admit(500, 1);
		this.now.addAndGet(300_000_000L);
		cap.admit(500, 1);

		assertThat(this.pauses).containsExactly(200_000_000L);
	}

	@Test
	void anIdleWorkerDoesNotSaveUpABurst() {
		SettleRateCap cap = cap(1_000);

		cap.admit(100, 1);
		this.now.addAndGet(10_000_000_000L);
		cap.admit(500, 1);
		cap.admit(500, 1);

		assertThat(this.pauses).containsExactly(500_000_000L);
	}

}
