package io.minitickets.api.queue;

import java.time.Instant;
import java.util.List;

/**
 * The queue of every partition of {@code bookings.requested} the worker group has committed on, as this instance last
 * read it (for the sale-day board; no broker request is made to answer it).
 *
 * @param asOf when the worker group's offsets were read
 * @param partitions per partition, ordered by partition
 */
public record QueueReading(Instant asOf, List<PartitionQueue> partitions) {
}
