package io.minitickets.loadtests.demo;

import java.util.List;

/**
 * How the accepted bookings of a run settled, as their owners see it by polling.
 *
 * @param confirmed bookings seen CONFIRMED
 * @param rejected bookings seen REJECTED
 * @param unsettled ids of bookings still PENDING (or unanswered) when the wait timed out
 * @param lastSettledAt {@link System#nanoTime()} when the last booking was seen settled; 0 when none settled
 * @param ended bookings seen EXPIRED, CANCELLED or REFUNDED (a paid event's holds that ended unpaid or were undone)
 */
record Settlement(int confirmed, int rejected, List<String> unsettled, long lastSettledAt, int ended) {

	/**
	 * How a free event's bookings settled: CONFIRMED or REJECTED only.
	 * @param confirmed bookings seen CONFIRMED
	 * @param rejected bookings seen REJECTED
	 * @param unsettled ids of bookings not final when the wait timed out
	 * @param lastSettledAt {@link System#nanoTime()} when the last booking was seen settled; 0 when none settled
	 */
	Settlement(int confirmed, int rejected, List<String> unsettled, long lastSettledAt) {
		this(confirmed, rejected, unsettled, lastSettledAt, 0);
	}

}
