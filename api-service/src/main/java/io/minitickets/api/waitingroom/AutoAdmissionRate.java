package io.minitickets.api.waitingroom;

import java.time.Duration;
import java.time.Instant;

import org.jspecify.annotations.Nullable;

/**
 * The {@code auto} admission rule (issue 18): how many places a second a waiting room admits so that the pipeline
 * behind it stays within what it is measured to settle.
 * <p>
 * {@code rate = settled/s + (settled/s × lagTarget − recordsAhead) / drainOver}: at the worker's measured settle rate
 * while the records ahead of it equal {@code lagTarget} of settling; less by what drains the excess over
 * {@code drainOver} when the lag is above it; more (at most by {@code lagTarget / drainOver} of the settle rate) when
 * it is below, so that a rate measured while the worker kept up can grow towards its speed. The rate is shared
 * equally by the rooms admitting in {@code auto}, each at least {@code floor} and at most its ceiling. It is 0 (no
 * floor) while the in-flight booking requests are at {@code inFlightShare} of their limit or more, and for
 * {@code shedHold} after any request was shed. An unmeasured pipeline (no settle rate yet) admits at the floor.
 * Not thread-safe: one admission thread calls it.
 */
final class AutoAdmissionRate {

	/** The most of a room without a ceiling: the admin API's largest fixed rate. */
	private static final int NO_CEILING = 100_000;

	private final double lagTargetSeconds;

	private final double drainOverSeconds;

	private final int floor;

	private final Duration shedHold;

	private final double inFlightShare;

	private long shedSeen = -1;

	private @Nullable Instant shedAt;

	/**
	 * @param lagTarget the consumer lag aimed at, as time to settle it at the measured rate
	 * @param drainOver over how long a lag above (or below) the target is brought back to it
	 * @param floor the least rate of a room while nothing is shed, places a second (at least 1)
	 * @param shedHold how long nothing is admitted after a booking request was shed
	 * @param inFlightShare the share (0–1] of the in-flight limit from which nothing is admitted
	 */
	AutoAdmissionRate(Duration lagTarget, Duration drainOver, int floor, Duration shedHold, double inFlightShare) {
		this.lagTargetSeconds = lagTarget.toNanos() / 1e9;
		this.drainOverSeconds = Math.max(0.001, drainOver.toNanos() / 1e9);
		this.floor = Math.max(1, floor);
		this.shedHold = shedHold;
		this.inFlightShare = inFlightShare;
	}

	/**
	 * @param pipeline the pipeline as measured now
	 * @param ceiling the room's most places a second; null for none (100,000)
	 * @param rooms rooms admitting in {@code auto} on this instance now, sharing the rate (at least 1)
	 * @param now the current time
	 * @return places a second this room admits now; 0 while requests are shed or the in-flight limit is near
	 */
	int perSecond(Pipeline pipeline, @Nullable Integer ceiling, int rooms, Instant now) {
		if (this.shedSeen >= 0 && pipeline.shedTotal() > this.shedSeen) {
			this.shedAt = now;
		}
		this.shedSeen = Math.max(this.shedSeen, pipeline.shedTotal());
		if (this.shedAt != null && now.isBefore(this.shedAt.plus(this.shedHold))) {
			return 0;
		}
		if (pipeline.inFlight() >= this.inFlightShare * pipeline.inFlightMax()) {
			return 0;
		}
		int most = (ceiling != null) ? ceiling : NO_CEILING;
		Double settled = pipeline.settledPerSecond();
		if (settled == null || settled <= 0) {
			return Math.min(this.floor, most);
		}
		double rate = settled + (settled * this.lagTargetSeconds - pipeline.recordsAhead()) / this.drainOverSeconds;
		double share = rate / Math.max(1, rooms);
		long perRoom = Math.max(this.floor, (long) Math.floor(share + 1e-9));
		return (int) Math.min(most, perRoom);
	}

	/**
	 * The pipeline as one api-service instance measures it.
	 *
	 * @param settledPerSecond the worker group's settle rate on {@code bookings.requested}, records a second summed
	 * over partitions (smoothed, {@code minitickets.queue.rate-half-life}); null while unmeasured
	 * @param recordsAhead records not yet settled (end offset − committed offset, summed over partitions)
	 * @param shedTotal booking requests this instance has shed since it started ({@code minitickets_bookings_shed})
	 * @param inFlight booking requests in progress on this instance now
	 * @param inFlightMax this instance's in-flight limit
	 */
	record Pipeline(@Nullable Double settledPerSecond, long recordsAhead, long shedTotal, int inFlight,
			int inFlightMax) {
	}

}
