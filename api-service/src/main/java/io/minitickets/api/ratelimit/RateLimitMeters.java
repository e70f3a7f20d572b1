package io.minitickets.api.ratelimit;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.minitickets.core.ratelimit.RateLimiter;

/**
 * The limiter's decisions for one bucket, as counters built once (no tag building per request):
 * {@code minitickets.ratelimit.allowed}, {@code .denied} (answered 429) and {@code .unavailable} (Valkey could not
 * answer: 503, fail closed), each tagged {@code scope} with the bucket ({@code login:ip}, {@code book:user}).
 *
 * @param allowed requests that took a token
 * @param denied requests refused with 429
 * @param unavailable requests refused with 503 because the limiter's Valkey failed
 */
record RateLimitMeters(Counter allowed, Counter denied, Counter unavailable) {

	/**
	 * Registers one bucket's counters.
	 * @param registry where
	 * @param scope the bucket, for example {@code book:user}
	 * @return the counters
	 */
	static RateLimitMeters register(MeterRegistry registry, String scope) {
		return new RateLimitMeters(
				counter(registry, "minitickets.ratelimit.allowed", scope, "Requests that took a rate-limit token"),
				counter(registry, "minitickets.ratelimit.denied", scope, "Requests refused with 429 by a token bucket"),
				counter(registry, "minitickets.ratelimit.unavailable", scope,
						"Requests refused with 503 because the limiter's Valkey could not answer (fail closed)"));
	}

	/**
	 * Registers {@code minitickets.ratelimit.corrupt}: buckets the limiter found corrupt and replaced by full ones.
	 * @param registry where
	 * @param limiter the limiter that counts them
	 */
	static void registerCorruptBuckets(MeterRegistry registry, RateLimiter limiter) {
		FunctionCounter.builder("minitickets.ratelimit.corrupt", limiter, RateLimiter::corruptBucketsReplaced)
			.description("Token buckets that held something no script writes, deleted so that they start full")
			.register(registry);
	}

	private static Counter counter(MeterRegistry registry, String name, String scope, String description) {
		return Counter.builder(name).description(description).tag("scope", scope).register(registry);
	}

}
