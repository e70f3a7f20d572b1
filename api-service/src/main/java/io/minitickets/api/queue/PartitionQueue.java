package io.minitickets.api.queue;

import org.jspecify.annotations.Nullable;

/**
 * The queue of one partition of {@code bookings.requested} as a whole: what the last customer in it waits for.
 *
 * @param partition the partition
 * @param ahead records the worker group has still to settle: log end offset − committed offset (0 or more)
 * @param etaSeconds {@code ahead} over the partition's smoothed settle rate, whole seconds rounded up; null while the
 * rate is unknown or zero
 * @param ratePerSecond the smoothed settle rate, records per second; null while unknown
 */
public record PartitionQueue(int partition, long ahead, @Nullable Long etaSeconds, @Nullable Double ratePerSecond) {

	/**
	 * @param partition the partition
	 * @param progress its progress as last read
	 * @return its queue
	 */
	static PartitionQueue of(int partition, PartitionProgress progress) {
		long ahead = Math.max(0, progress.end() - progress.committed());
		Double rate = progress.ratePerSecond();
		return new PartitionQueue(partition, ahead, eta(ahead, rate), rate);
	}

	/**
	 * @param ahead records ahead
	 * @param rate settled per second; null when unknown
	 * @return {@code ahead ÷ rate} rounded up; null when the rate is unknown or zero
	 */
	static @Nullable Long eta(long ahead, @Nullable Double rate) {
		return (rate != null && rate > 0) ? (long) Math.ceil(ahead / rate) : null;
	}

}
