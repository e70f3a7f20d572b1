package io.minitickets.core.status;

import org.jspecify.annotations.Nullable;

/**
 * Where a booking's record sits in {@code bookings.requested}, as the producer's acknowledgement gave it, and the
 * smallest queue position any api-service instance answered for it so far.
 *
 * @param partition the partition
 * @param offset the record's offset in it (0 or more)
 * @param ahead the smallest {@code ahead} answered for the booking by any instance, as its status entry recorded it
 * ({@link BookingStatusCache#lowerAhead}); null when none was recorded
 */
public record QueuePlace(int partition, long offset, @Nullable Long ahead) {

	/**
	 * A place with no position answered yet.
	 * @param partition the partition
	 * @param offset the record's offset in it
	 */
	public QueuePlace(int partition, long offset) {
		this(partition, offset, null);
	}

}
