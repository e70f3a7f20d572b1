package io.minitickets.loadtests.bench;

/**
 * The limiter figure of {@code minitickets bench --json}: decisions per second of booking-core's rate limiter and of
 * Bucket4j's Lettuce backend, measured in the same run on the same Valkey with the same bucket policy and callers.
 * A decision is one answered take-token call, allowed or denied.
 *
 * @param hotKeyOpsPerSec our limiter's decisions/s, every caller on one bucket
 * @param bucket4jHotKeyOpsPerSec Bucket4j's decisions/s, every caller on one bucket
 * @param spreadOpsPerSec our limiter's decisions/s, the callers going round 10,000 buckets
 * @param bucket4jSpreadOpsPerSec Bucket4j's decisions/s, the callers going round 10,000 buckets
 */
public record LimiterResult(double hotKeyOpsPerSec, double bucket4jHotKeyOpsPerSec, double spreadOpsPerSec,
		double bucket4jSpreadOpsPerSec) {

	/**
	 * @return our hot-key decisions/s divided by Bucket4j's (bar: at least 1.5)
	 */
	double hotKeyRatio() {
		return this.hotKeyOpsPerSec / this.bucket4jHotKeyOpsPerSec;
	}

	/**
	 * @return our spread decisions/s divided by Bucket4j's (bar: at least 1.0)
	 */
	double spreadRatio() {
		return this.spreadOpsPerSec / this.bucket4jSpreadOpsPerSec;
	}

}
