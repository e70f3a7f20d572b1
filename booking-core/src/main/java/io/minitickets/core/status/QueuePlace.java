package io.minitickets.core.status;

/**
 * Where a booking's record sits in {@code bookings.requested}, as the producer's acknowledgement gave it.
 *
 * @param partition the partition
 * @param offset the record's offset in it (0 or more)
 */
public record QueuePlace(int partition, long offset) {
}
