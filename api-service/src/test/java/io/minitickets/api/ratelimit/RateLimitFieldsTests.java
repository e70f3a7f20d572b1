package io.minitickets.api.ratelimit;

import java.time.Duration;

import io.minitickets.api.ratelimit.StructuredFields.Item;
import io.minitickets.core.ratelimit.BucketPolicy;
import io.minitickets.core.ratelimit.RateLimitDecision;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletResponse;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The bucket → draft mapping of {@link RateLimitFields}: q = capacity, w = capacity × refill interval, r = whole tokens
 * left, t = until one token is back when none is left, else until the bucket is full.
 */
class RateLimitFieldsTests {

	private static final BucketPolicy BOOKING = new BucketPolicy(10, Duration.ofSeconds(1));

	private static final BucketPolicy LOGIN = new BucketPolicy(20, Duration.ofSeconds(3));

	private final PartitionKeys keys = new PartitionKeys("a deployment's secret");

	private final RateLimitFields booking = new RateLimitFields("booking", "book:user", BOOKING, this.keys);

	@Test
	void writesThePolicyAndWhatIsLeftOfItAsStructuredFieldsListsOfOneItem() {
		MockHttpServletResponse response = new MockHttpServletResponse();
		try (RateLimitFields.Binding fields = RateLimitFields.answerOn(response)) {
			this.booking.write(new RateLimitDecision(true, 7, 0, 2_400), "42");
		}

		String pk = PartitionKeys.appendBase64(new StringBuilder(), this.keys.of("book:user:", "42")).toString();
		assertThat(response.getHeader("RateLimit-Policy")).isEqualTo("\"booking\";q=10;w=10;pk=:" + pk + ":");
		assertThat(response.getHeader("RateLimit")).isEqualTo("\"booking\";r=7;t=3;pk=:" + pk + ":");
		Item policy = StructuredFields.parseList(response.getHeader("RateLimit-Policy")).getFirst();
		Item limit = StructuredFields.parseList(response.getHeader("RateLimit")).getFirst();
		assertThat(policy.value()).isEqualTo("booking");
		assertThat(policy.bytes("pk")).hasSize(8).isEqualTo(limit.bytes("pk"));
	}

	@Test
	void theWindowIsTheTimeToRefillTheWholeQuotaInWholeSecondsRoundedUp() {
		assertThat(policyOf(LOGIN)).startsWith("\"login\";q=20;w=60;pk=:");
		assertThat(policyOf(new BucketPolicy(5, Duration.ofMillis(100)))).startsWith("\"login\";q=5;w=1;pk=:");
		assertThat(policyOf(new BucketPolicy(3, Duration.ofMillis(700)))).startsWith("\"login\";q=3;w=3;pk=:");
	}

	@Test
	void theEffectiveWindowEndsWhenTheBucketIsFullWhileTokensAreLeft() {
		assertThat(this.booking.effectiveWindow(new RateLimitDecision(true, 9, 0, 1_000))).isEqualTo(1);
		assertThat(this.booking.effectiveWindow(new RateLimitDecision(true, 9, 0, 1))).isEqualTo(1);
		assertThat(this.booking.effectiveWindow(new RateLimitDecision(true, 5, 0, 4_001))).isEqualTo(5);
	}

	@Test
	void theEffectiveWindowEndsWhenOneTokenIsBackWhenNoneIsLeftAsRetryAfterDoes() {
		RateLimitFields login = new RateLimitFields("login", "login:ip", LOGIN, this.keys);

		assertThat(this.booking.effectiveWindow(new RateLimitDecision(true, 0, 0, 9_000 + 300))).isEqualTo(1);
		assertThat(login.effectiveWindow(new RateLimitDecision(true, 0, 0, 19 * 3_000 + 2_500))).isEqualTo(3);
		assertThat(login.effectiveWindow(new RateLimitDecision(true, 0, 0, 19 * 3_000 + 3_000))).isEqualTo(3);
		RateLimitDecision denied = new RateLimitDecision(false, 0, 2_100, 0);
		assertThat(login.effectiveWindow(denied)).isEqualTo(3).isEqualTo(denied.retryAfterSeconds());
	}

	@Test
	void writesNothingWhenNoAnswerIsBound() {
		MockHttpServletResponse response = new MockHttpServletResponse();
		try (RateLimitFields.Binding fields = RateLimitFields.answerOn(response)) {
			// bound, then closed before the decision
		}

		this.booking.write(new RateLimitDecision(true, 9, 0, 1_000), "42");

		assertThat(response.getHeaderNames()).isEmpty();
	}

	private String policyOf(BucketPolicy policy) {
		MockHttpServletResponse response = new MockHttpServletResponse();
		try (RateLimitFields.Binding fields = RateLimitFields.answerOn(response)) {
			new RateLimitFields("login", "login:ip", policy, this.keys).write(new RateLimitDecision(true, 1, 0, 1),
					"1");
		}
		return response.getHeader("RateLimit-Policy");
	}

}
