package io.minitickets.loadtests.demo;

import java.util.List;

/**
 * What Postgres, the source of truth, holds for one run's event.
 *
 * @param capacity the event's seats
 * @param confirmedSeats seats of its CONFIRMED bookings
 * @param bookings rows in {@code bookings} for the event
 * @param transactions distinct transactions that settled them ({@code settled_in_tx})
 * @param missing ids of bookings answered 202 that have no row
 */
record PostgresFindings(int capacity, long confirmedSeats, int bookings, int transactions, List<String> missing) {

	/**
	 * @return seats confirmed beyond capacity, 0 when none
	 */
	long oversold() {
		return Math.max(0, this.confirmedSeats - this.capacity);
	}

}
