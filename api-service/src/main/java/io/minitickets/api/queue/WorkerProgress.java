package io.minitickets.api.queue;

import java.time.Instant;

import org.jspecify.annotations.Nullable;

/**
 * The worker group's progress on {@code bookings.requested} as this instance last read it (once a
 * {@code minitickets.queue.poll-period}), summed over partitions: what {@code auto} admission of a waiting room reads.
 */
public interface WorkerProgress {

	/**
	 * @return the latest reading, or null before the first one succeeded
	 */
	@Nullable Summary summary();

	/**
	 * @param settledPerSecond records settled a second, the smoothed rates of the partitions that have one summed; null
	 * while no partition's rate is known
	 * @param recordsAhead records not yet settled: end offset − committed offset, summed over partitions
	 * @param at when the broker was read
	 */
	record Summary(@Nullable Double settledPerSecond, long recordsAhead, Instant at) {
	}

}
