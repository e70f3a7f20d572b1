package io.minitickets.ops.replay;

import java.time.Duration;

import org.jspecify.annotations.Nullable;

/**
 * One replay as the operator asked for it, checked for usage.
 *
 * @param topic the source topic
 * @param range the part of it to read
 * @param filter which records of the range
 * @param execute true to publish; false for a dry run
 * @param ratePerSecond the most records published per second
 * @param max the most records published or parked; null for no limit
 * @param maxRedrives replays a record may have had before it is parked instead
 * @param catchUpWait how long to wait for the worker to catch up after publishing
 * @param again true to redrive records whose last redrive did not settle them too; false to skip them
 */
record ReplayRequest(String topic, RangeRequest range, ReplayFilter filter, boolean execute, double ratePerSecond,
		@Nullable Integer max, int maxRedrives, Duration catchUpWait, boolean again) {
}
