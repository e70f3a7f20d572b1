package io.minitickets.loadtests.bench;

/**
 * The limiter figure of {@code minitickets bench --json}: decisions per second of booking-core's rate limiter and of
 * Bucket4j's Lettuce backend, measured in the same run on the same Valkey with the same bucket policy and callers.
 * A decision is one answered take-token call, allowed or denied. On the hot key most decisions are denials, which our
 * limiter answers from its in-process denial cache (a map lookup, no round trip): the case without that cache is the
 * script's own cost on that key, the like-for-like comparison with Bucket4j's round trip.
 *
 * @param hotKeyOpsPerSec our limiter's decisions/s, every caller on one bucket
 * @param hotKeyNoCacheOpsPerSec our {@code take-token.lua} alone, without the denial cache: one EVALSHA per decision,
 * every caller on one bucket
 * @param bucket4jHotKeyOpsPerSec Bucket4j's decisions/s, every caller on one bucket
 * @param spreadOpsPerSec our limiter's decisions/s, the callers going round 10,000 buckets
 * @param bucket4jSpreadOpsPerSec Bucket4j's decisions/s, the callers going round 10,000 buckets
 * @param hotKeyAllowedShare the share of {@code hotKeyOpsPerSec}'s decisions that allowed, from 0 to 1
 * @param hotKeyNoCacheAllowedShare the same for {@code hotKeyNoCacheOpsPerSec}
 * @param bucket4jHotKeyAllowedShare the same for {@code bucket4jHotKeyOpsPerSec}
 * @param spreadAllowedShare the same for {@code spreadOpsPerSec}
 * @param bucket4jSpreadAllowedShare the same for {@code bucket4jSpreadOpsPerSec}
 */
public record LimiterResult(double hotKeyOpsPerSec, double hotKeyNoCacheOpsPerSec, double bucket4jHotKeyOpsPerSec,
		double spreadOpsPerSec, double bucket4jSpreadOpsPerSec, double hotKeyAllowedShare,
		double hotKeyNoCacheAllowedShare, double bucket4jHotKeyAllowedShare, double spreadAllowedShare,
		double bucket4jSpreadAllowedShare) {

	/**
	 * @return our hot-key decisions/s divided by Bucket4j's (bar: at least 1.5)
	 */
	double hotKeyRatio() {
		return this.hotKeyOpsPerSec / this.bucket4jHotKeyOpsPerSec;
	}

	/**
	 * @return our hot-key decisions/s without the denial cache divided by Bucket4j's (bar: at least 1.5)
	 */
	double hotKeyNoCacheRatio() {
		return this.hotKeyNoCacheOpsPerSec / this.bucket4jHotKeyOpsPerSec;
	}

	/**
	 * @return our spread decisions/s divided by Bucket4j's (bar: at least 1.0)
	 */
	double spreadRatio() {
		return this.spreadOpsPerSec / this.bucket4jSpreadOpsPerSec;
	}

}
