package io.minitickets.api.queue;

import org.jspecify.annotations.Nullable;

/**
 * How far the worker group has settled one partition of {@code bookings.requested}, and how fast.
 *
 * @param committed the group's committed offset: the next record it will settle
 * @param end the partition's log end offset, read with {@code committed}
 * @param ratePerSecond records settled per second, smoothed over the polls during which the partition had records
 * waiting; null while unknown (fewer than two readings with a backlog)
 * @param stalled whether the worker settles nothing: records have waited for at least the rate's half-life and none
 * was settled (the rate, only pulled down by the stall, is then no ETA; it is measured afresh once the worker resumes)
 */
record PartitionProgress(long committed, long end, @Nullable Double ratePerSecond, boolean stalled) {
}
