package io.minitickets.core.ratelimit;

import java.time.Duration;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class RateLimitDecisionTests {

	@Property
	void retryAfterIsTheWaitRoundedUpToWholeSecondsAndNeverZero(@ForAll @LongRange(min = 0, max = 86_400_000) long ms) {
		long seconds = new RateLimitDecision(false, 0, ms).retryAfterSeconds();

		assertThat(seconds).isPositive();
		assertThat(seconds * 1000).isGreaterThanOrEqualTo(ms);
		assertThat((seconds - 1) * 1000).isLessThan(Math.max(ms, 1));
	}

	@Test
	void aPolicyNeedsAPositiveCapacityAndInterval() {
		assertThatIllegalArgumentException().isThrownBy(() -> new BucketPolicy(0, Duration.ofSeconds(1)));
		assertThatIllegalArgumentException().isThrownBy(() -> new BucketPolicy(1, Duration.ZERO));
	}

}
