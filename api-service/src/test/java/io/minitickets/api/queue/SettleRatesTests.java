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

	private final SettleRates rates = new SettleRates(Duration.ofSeconds(10));

	@Test
	void theRateIsUnknownUntilTwoReadingsWithABacklog() {
		assertThat(this.rates.add(List.of(new PartitionLag(0, 100, 10L)), T0).get(0))
			.isEqualTo(new PartitionProgress(10, 100, null));

		assertThat(this.rates.add(List.of(new PartitionLag(0, 100, 30L)), T0.plusSeconds(2)).get(0))
			.isEqualTo(new PartitionProgress(30, 100, 10.0));
	}

	@Test
	void aPartitionTheGroupNeverCommittedOnHasNoProgress() {
		assertThat(this.rates.add(List.of(new PartitionLag(0, 100, null), new PartitionLag(1, 5, 5L)), T0))
			.containsOnlyKeys(1);
	}

	@Test
	void laterSamplesWeighByTheirLengthOverTheHalfLife() {
		this.rates.add(List.of(new PartitionLag(0, 1_000, 0L)), T0);
		this.rates.add(List.of(new PartitionLag(0, 1_000, 100L)), T0.plusSeconds(1));
		// 10 s later at 0 records per second: one half-life, so the rate halves
		Double rate = this.rates.add(List.of(new PartitionLag(0, 1_000, 100L)), T0.plusSeconds(11))
			.get(0)
			.ratePerSecond();

		assertThat(rate).isCloseTo(50.0, within(1e-9));
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

}
