package io.minitickets.loadtests.chaos;

import org.jspecify.annotations.Nullable;

/**
 * What Postgres and the gate's Valkey hold for one event once the run is quiet.
 *
 * @param eventId the event
 * @param capacity its seats
 * @param seatsSold {@code events.seats_sold}
 * @param confirmedSeats the sum of the quantities of its CONFIRMED bookings
 * @param confirmedBookings how many of its bookings are CONFIRMED
 * @param available the gate's {@code avail} counter, null when the key is missing
 * @param leasedSeats the sum of the gate's live leases
 */
record EventFacts(long eventId, int capacity, long seatsSold, long confirmedSeats, long confirmedBookings,
		@Nullable Long available, long leasedSeats) {

	/**
	 * @return seats confirmed beyond the capacity, 0 when none
	 */
	long oversold() {
		return Math.max(0, this.confirmedSeats - this.capacity);
	}

	/**
	 * @return true when {@code seats_sold} is not the sum of the CONFIRMED quantities (a settlement counted twice,
	 * or not at all)
	 */
	boolean doubleSettled() {
		return this.seatsSold != this.confirmedSeats;
	}

	/**
	 * @return seats by which {@code avail + leases + confirmed} misses the capacity (a missing counter counts as 0)
	 */
	long drift() {
		long available = (this.available != null) ? this.available : 0;
		return Math.abs(available + this.leasedSeats + this.confirmedSeats - this.capacity);
	}

}
