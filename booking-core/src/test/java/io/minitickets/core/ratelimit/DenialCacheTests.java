package io.minitickets.core.ratelimit;

import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link DenialCache} on a clock the test moves.
 */
class DenialCacheTests {

	private final AtomicLong nanos = new AtomicLong(1_000_000_000L);

	private final DenialCache cache = new DenialCache(this.nanos::get);

	@Test
	void deniesAgainUntilTheRetryTimeWithTheTimeLeftRoundedUp() {
		this.cache.remember("bucket", new RateLimitDecision(false, 0, 700, 0), this.nanos.get());
		this.nanos.addAndGet(200_500_000L);

		RateLimitDecision again = this.cache.denial("bucket");

		assertThat(again).isEqualTo(new RateLimitDecision(false, 0, 500, 0));
	}

	@Test
	void countsTheRetryTimeFromWhenTheScriptWasAsked() {
		long asked = this.nanos.get();
		this.nanos.addAndGet(300_000_000L);
		this.cache.remember("bucket", new RateLimitDecision(false, 0, 700, 0), asked);

		assertThat(this.cache.denial("bucket")).isEqualTo(new RateLimitDecision(false, 0, 400, 0));
	}

	@Test
	void asksAgainOnceTheRetryTimeHasPassed() {
		this.cache.remember("bucket", new RateLimitDecision(false, 0, 700, 0), this.nanos.get());
		this.nanos.addAndGet(700_000_000L);

		assertThat(this.cache.denial("bucket")).isNull();
	}

	@Test
	void neverRemembersAnAllowedDecision() {
		this.cache.remember("bucket", new RateLimitDecision(true, 3, 0, 4_000), this.nanos.get());

		assertThat(this.cache.denial("bucket")).isNull();
	}

	@Test
	void makesRoomByDroppingExpiredDenialsAtMostOnceASecondAndOtherwiseRemembersNothingNew() {
		for (int i = 0; i < DenialCache.MAX_ENTRIES; i++) {
			long retryAfterMs = (i % 2 == 0) ? 100 : 10_000;
			this.cache.remember("old-" + i, new RateLimitDecision(false, 0, retryAfterMs, 0), this.nanos.get());
		}
		this.nanos.addAndGet(1_000_000_000L);

		this.cache.remember("new", new RateLimitDecision(false, 0, 1000, 0), this.nanos.get());
		assertThat(this.cache.denial("new")).isNotNull();
		assertThat(this.cache.denial("old-1")).isNotNull();

		for (int i = 0; i < DenialCache.MAX_ENTRIES; i++) {
			this.cache.remember("more-" + i, new RateLimitDecision(false, 0, 10_000, 0), this.nanos.get());
		}
		assertThat(this.cache.denial("more-" + (DenialCache.MAX_ENTRIES - 1))).isNull();
		this.nanos.addAndGet(1_100_000_000L);
		this.cache.remember("after-a-second", new RateLimitDecision(false, 0, 1000, 0), this.nanos.get());
		assertThat(this.cache.denial("after-a-second")).as("the expired \"new\" makes room").isNotNull();
	}

}
