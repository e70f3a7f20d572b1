package io.minitickets.core.ratelimit;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class RateLimitDecisionTests {

	/** Random waits after the edge cases; the seed is printed in every failure, so a failure can be replayed. */
	private static final int RANDOM_CASES = 1_000;

	private static final long MAX_WAIT_MS = 86_400_000;

	@Test
	void retryAfterIsTheWaitRoundedUpToWholeSecondsAndNeverZero() {
		long seed = System.nanoTime();
		SplittableRandom random = new SplittableRandom(seed);
		List<Long> waits = new ArrayList<>(List.of(0L, 1L, 999L, 1_000L, 1_001L, 1_999L, 2_000L, MAX_WAIT_MS - 1,
				MAX_WAIT_MS));
		for (int i = 0; i < RANDOM_CASES; i++) {
			waits.add(random.nextLong(MAX_WAIT_MS + 1));
		}

		for (long ms : waits) {
			long seconds = new RateLimitDecision(false, 0, ms, 0).retryAfterSeconds();

			String description = "wait " + ms + " ms (seed " + seed + ")";
			assertThat(seconds).as(description).isPositive();
			assertThat(seconds * 1000).as(description).isGreaterThanOrEqualTo(ms);
			assertThat((seconds - 1) * 1000).as(description).isLessThan(Math.max(ms, 1));
		}
	}

	@Test
	void aPolicyNeedsAPositiveCapacityAndInterval() {
		assertThatIllegalArgumentException().isThrownBy(() -> new BucketPolicy(0, Duration.ofSeconds(1)));
		assertThatIllegalArgumentException().isThrownBy(() -> new BucketPolicy(1, Duration.ZERO));
	}

}
