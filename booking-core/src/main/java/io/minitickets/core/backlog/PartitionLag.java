package io.minitickets.core.backlog;

import org.jspecify.annotations.Nullable;

/**
 * The worker group's position on one partition of {@code bookings.requested}.
 *
 * @param partition the partition
 * @param end its log end offset
 * @param committed the worker group's committed offset; null when it has committed none
 */
public record PartitionLag(int partition, long end, @Nullable Long committed) {

	/**
	 * Records not yet settled by the worker group.
	 * @return log end − committed offset (the whole log end when the group has committed nothing)
	 */
	public long lag() {
		return this.end - ((this.committed != null) ? this.committed : 0);
	}

}
