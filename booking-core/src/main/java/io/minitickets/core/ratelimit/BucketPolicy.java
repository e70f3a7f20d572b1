package io.minitickets.core.ratelimit;

import java.time.Duration;

/**
 * The shape of one kind of token bucket: how many tokens it holds and how fast it refills.
 *
 * @param capacity tokens a full bucket holds, and so the largest burst it admits (positive)
 * @param refillInterval time to refill one token (positive, whole ms): the rate is 1 token per interval
 */
public record BucketPolicy(int capacity, Duration refillInterval) {

	/**
	 * @throws IllegalArgumentException when the capacity or the interval is not positive
	 */
	public BucketPolicy {
		if (capacity <= 0) {
			throw new IllegalArgumentException("capacity must be positive, was " + capacity);
		}
		if (refillInterval.toMillis() <= 0) {
			throw new IllegalArgumentException("refill interval must be at least 1 ms, was " + refillInterval);
		}
	}

}
