package io.minitickets.loadtests.gatling;

import java.util.Arrays;

import org.jspecify.annotations.Nullable;

/**
 * How long customers waited from their booking request to its final status received over the status stream
 * ({@code StreamingSale}): nearest-rank percentiles, milliseconds.
 *
 * @param count bookings whose final status was received
 * @param p50Ms the median, milliseconds
 * @param p90Ms the 90th percentile, milliseconds
 * @param p99Ms the 99th percentile, milliseconds
 * @param maxMs the longest, milliseconds
 */
public record TimeToFinal(long count, long p50Ms, long p90Ms, long p99Ms, long maxMs) {

	/**
	 * @param millis each booking's time to its final status, milliseconds (not modified)
	 * @return their percentiles; null when there is none
	 */
	static @Nullable TimeToFinal of(long[] millis) {
		if (millis.length == 0) {
			return null;
		}
		long[] sorted = millis.clone();
		Arrays.sort(sorted);
		return new TimeToFinal(sorted.length, rank(sorted, 50), rank(sorted, 90), rank(sorted, 99),
				sorted[sorted.length - 1]);
	}

	private static long rank(long[] sorted, int percentile) {
		int rank = (int) Math.ceil(percentile / 100.0 * sorted.length);
		return sorted[Math.max(0, rank - 1)];
	}

}
