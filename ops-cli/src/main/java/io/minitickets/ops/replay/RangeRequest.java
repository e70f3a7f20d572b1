package io.minitickets.ops.replay;

import java.time.Instant;

import io.minitickets.ops.system.BadUsageException;
import org.jspecify.annotations.Nullable;

/**
 * The part of the source topic the operator asked for: a partition and an offset range, a time window, or all.
 *
 * @param partition one partition; null for all
 * @param fromOffset the first offset to read, inclusive; null for the log start (needs a partition)
 * @param toOffset the last offset to read, inclusive; null for the last record (needs a partition)
 * @param from the window's start, inclusive (record timestamps); null for the log start
 * @param to the window's end, exclusive; null for now
 */
record RangeRequest(@Nullable Integer partition, @Nullable Long fromOffset, @Nullable Long toOffset,
		@Nullable Instant from, @Nullable Instant to) {

	/**
	 * Checks what can be checked without the broker.
	 * @param now the current time
	 * @throws BadUsageException when offsets lack a partition, offsets and a window are mixed, the window starts in
	 * the future or ends before it starts, or the offsets are reversed
	 */
	void validate(Instant now) {
		boolean offsets = this.fromOffset != null || this.toOffset != null;
		if (offsets && this.partition == null) {
			throw new BadUsageException("--from-offset and --to-offset need --partition (offsets are per partition)");
		}
		if (offsets && (this.from != null || this.to != null)) {
			throw new BadUsageException("give either offsets (--from-offset/--to-offset) or a time window "
					+ "(--from/--to), not both");
		}
		if (this.fromOffset != null && this.toOffset != null && this.fromOffset > this.toOffset) {
			throw new BadUsageException("--from-offset " + this.fromOffset + " is after --to-offset " + this.toOffset);
		}
		if ((this.fromOffset != null && this.fromOffset < 0) || (this.toOffset != null && this.toOffset < 0)) {
			throw new BadUsageException("offsets are 0 or more");
		}
		if (this.from != null && this.from.isAfter(now)) {
			throw new BadUsageException("the time window starts in the future (--from " + this.from + ", now "
					+ now + "): no record can be in it");
		}
		if (this.from != null && this.to != null && !this.from.isBefore(this.to)) {
			throw new BadUsageException("--from " + this.from + " is not before --to " + this.to);
		}
	}

	/**
	 * @return the range as the report and the audit print it
	 */
	String describe() {
		String partitions = (this.partition != null) ? "partition " + this.partition : "all partitions";
		if (this.fromOffset != null || this.toOffset != null) {
			return partitions + " offsets " + ((this.fromOffset != null) ? this.fromOffset : "start") + ".."
					+ ((this.toOffset != null) ? this.toOffset : "end");
		}
		if (this.from != null || this.to != null) {
			return partitions + " from " + ((this.from != null) ? this.from : "start") + " to "
					+ ((this.to != null) ? this.to : "now");
		}
		return partitions + ", whole log";
	}

}
