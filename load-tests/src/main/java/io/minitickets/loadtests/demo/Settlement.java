package io.minitickets.loadtests.demo;

import java.util.List;

/**
 * How the accepted bookings of a run settled, as their owners see it by polling.
 *
 * @param confirmed bookings seen CONFIRMED
 * @param rejected bookings seen REJECTED
 * @param unsettled ids of bookings still PENDING (or unanswered) when the wait timed out
 * @param lastSettledAt {@link System#nanoTime()} when the last booking was seen settled; 0 when none settled
 */
record Settlement(int confirmed, int rejected, List<String> unsettled, long lastSettledAt) {

}
