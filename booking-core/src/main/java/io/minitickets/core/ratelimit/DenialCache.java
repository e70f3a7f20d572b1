package io.minitickets.core.ratelimit;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

import org.jspecify.annotations.Nullable;

/**
 * The denials of one {@link RateLimiter}, remembered until their {@code retryAfterMs} has passed, so that a bucket
 * known to be empty is denied again without a round trip to Valkey: a scalper's threads hammering an empty bucket
 * cost this JVM a map lookup each, and Valkey nothing.
 * <p>
 * Exact, not an approximation: a bucket's credit only grows by refill, and every other caller only takes from it, so
 * no token can be there before the {@code retryAfterMs} the script computed on Valkey's clock. The deadline counts
 * from when the call was sent, before Valkey read its clock, so a remembered denial never refuses a request the
 * script would have let through, up to the drift between this JVM's monotonic clock and Valkey's over one refill
 * interval (microseconds). What it cannot see is a bucket deleted or refilled in
 * Valkey by hand: that caller stays denied here until the remembered time, at most one refill interval. Allowed
 * decisions are never remembered, so the token bucket's bound (DESIGN.md, invariant 5) is the script's alone.
 * <p>
 * Holds at most {@value #MAX_ENTRIES} denials; when full, expired ones are swept out (at most once a second, so a full
 * cache costs no scan per request), and a new denial that still finds no room is simply not remembered (the next
 * request asks Valkey, as without the cache).
 */
final class DenialCache {

	/** The most denials remembered at once: ~100 bytes each, so at most ~10 MB. */
	static final int MAX_ENTRIES = 100_000;

	private final ConcurrentHashMap<String, Long> deniedUntilNanos = new ConcurrentHashMap<>();

	/** The least time between two sweeps of a full cache, in ns. */
	private static final long SWEEP_INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(1);

	private final LongSupplier nanoClock;

	private volatile long nextSweepNanos;

	/**
	 * @param nanoClock a monotonic clock in ns, {@link System#nanoTime()} outside tests
	 */
	DenialCache(LongSupplier nanoClock) {
		this.nanoClock = nanoClock;
		this.nextSweepNanos = nanoClock.getAsLong();
	}

	/**
	 * The remembered denial of a bucket, if its retry time has not passed.
	 * @param key the bucket's key
	 * @return a denial whose {@code retryAfterMs} is the time left (rounded up to whole ms, at least 1), or
	 * {@code null} when the bucket must be asked
	 */
	@Nullable RateLimitDecision denial(String key) {
		Long until = this.deniedUntilNanos.get(key);
		if (until == null) {
			return null;
		}
		long leftNanos = until - this.nanoClock.getAsLong();
		if (leftNanos <= 0) {
			this.deniedUntilNanos.remove(key, until);
			return null;
		}
		return new RateLimitDecision(false, 0, Math.max(1, ceilMillis(leftNanos)), 0);
	}

	/**
	 * The cache's clock, read before a call to the script so that {@link #remember} can count from it.
	 * @return the monotonic time in ns
	 */
	long now() {
		return this.nanoClock.getAsLong();
	}

	/**
	 * Remembers a decision of the script when it was a denial.
	 * @param key the bucket's key
	 * @param decision what the script answered
	 * @param askedAtNanos {@link #now()} just before the script was called: the retry time counts from it
	 */
	void remember(String key, RateLimitDecision decision, long askedAtNanos) {
		if (decision.allowed() || decision.retryAfterMs() <= 0) {
			return;
		}
		long now = this.nanoClock.getAsLong();
		if (this.deniedUntilNanos.size() >= MAX_ENTRIES) {
			if (now - this.nextSweepNanos < 0) {
				return;
			}
			this.nextSweepNanos = now + SWEEP_INTERVAL_NANOS;
			this.deniedUntilNanos.values().removeIf((until) -> until - now <= 0);
			if (this.deniedUntilNanos.size() >= MAX_ENTRIES) {
				return;
			}
		}
		this.deniedUntilNanos.put(key, askedAtNanos + TimeUnit.MILLISECONDS.toNanos(decision.retryAfterMs()));
	}

	private static long ceilMillis(long nanos) {
		return (nanos + 999_999) / 1_000_000;
	}

}
