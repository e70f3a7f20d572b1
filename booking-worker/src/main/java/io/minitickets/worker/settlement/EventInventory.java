package io.minitickets.worker.settlement;

import org.jspecify.annotations.Nullable;

/**
 * An event's seats as the settling transaction read them under the row lock.
 *
 * @param capacity seats on sale
 * @param seatsSold seats confirmed so far
 * @param perUserLimit the most seats one user may hold confirmed; null for no limit
 */
record EventInventory(int capacity, int seatsSold, @Nullable Integer perUserLimit) {

	/**
	 * Seats still free.
	 * @return capacity − seats sold
	 */
	int seatsLeft() {
		return this.capacity - this.seatsSold;
	}

}
