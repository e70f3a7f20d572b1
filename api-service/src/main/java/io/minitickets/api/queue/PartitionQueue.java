package io.minitickets.api.queue;

import org.jspecify.annotations.Nullable;

/**
 * The queue of one partition of {@code bookings.requested} as a whole: what the last customer in it waits for.
 *
 * @param partition the partition
 * @param ahead records the worker group has still to settle: log end offset − committed offset (0 or more)
 * @param etaSeconds {@code ahead} over the partition's smoothed settle rate, whole seconds rounded up; null while the
 * rate is unknown or zero, and while the worker settles nothing ({@link PartitionProgress#stalled()})
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
		return new PartitionQueue(partition, ahead, eta(ahead, progress), rate);
	}

	/**
	 * @param ahead records ahead (0 for the next record to settle)
	 * @param progress the partition's progress
	 * @return {@code ahead ÷} its settle rate, rounded up; null when the rate is unknown or zero, or the partition is
	 * {@link PartitionProgress#stalled() stalled}, whatever {@code ahead} is
	 */
	static @Nullable Long eta(long ahead, PartitionProgress progress) {
		Double rate = progress.ratePerSecond();
		return (rate != null && rate > 0 && !progress.stalled()) ? (long) Math.ceil(ahead / rate) : null;
	}

}
