package io.minitickets.api.queue;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class PartitionQueueTests {

	@Test
	void aheadIsTheEndOffsetMinusTheCommittedOneWithAnEtaFromTheRate() {
		assertThat(PartitionQueue.of(2, new PartitionProgress(100, 130, 10.0, false)))
			.isEqualTo(new PartitionQueue(2, 30, 3L, 10.0));
		assertThat(PartitionQueue.of(0, new PartitionProgress(100, 131, 10.0, false)).etaSeconds())
			.as("rounded up, as a booking's ETA").isEqualTo(4L);
	}

	@Test
	void noEtaWhileTheRateIsUnknownOrZero() {
		assertThat(PartitionQueue.of(0, new PartitionProgress(100, 130, null, false)).etaSeconds()).isNull();
		assertThat(PartitionQueue.of(0, new PartitionProgress(100, 130, 0.0, false)).etaSeconds()).isNull();
	}

	@Test
	void noEtaWhileThePartitionSettlesNothingEvenForTheNextRecord() {
		PartitionProgress stalled = new PartitionProgress(100, 130, 10.0, true);

		assertThat(PartitionQueue.of(0, stalled)).isEqualTo(new PartitionQueue(0, 30, null, 10.0));
		assertThat(PartitionQueue.eta(0, stalled)).as("a booking with nothing ahead of it").isNull();
		assertThat(PartitionQueue.eta(0, new PartitionProgress(100, 130, 10.0, false))).isZero();
	}

	@Test
	void anEmptyPartitionHasNothingAheadAndNoWait() {
		assertThat(PartitionQueue.of(0, new PartitionProgress(130, 130, 5.0, false)))
			.isEqualTo(new PartitionQueue(0, 0, 0L, 5.0));
		assertThat(PartitionQueue.of(0, new PartitionProgress(140, 130, 5.0, false)).ahead())
			.as("an end read before the commit: never negative").isZero();
	}

}
