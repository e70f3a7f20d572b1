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
	 * @param recentPerSecond records settled a second over the last {@code minitickets.queue.recent-rate-window} the
	 * worker was busy through, summed over partitions; null while no partition's is known
	 * @param throughputPerSecond records committed a second over the same window whether or not the worker was busy
	 * (what the pipeline delivered), summed over partitions; null before two readings of a committed partition
	 * @param recordsAhead records not yet settled: end offset − committed offset, summed over the partitions the group
	 * committed on; null when it committed on none (a new group, nothing settled yet: the lag is unknown)
	 * @param at when the broker was read
	 */
	record Summary(@Nullable Double settledPerSecond, @Nullable Double recentPerSecond,
			@Nullable Double throughputPerSecond, @Nullable Long recordsAhead, Instant at) {
	}

}
