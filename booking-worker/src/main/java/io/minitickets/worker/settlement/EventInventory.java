package io.minitickets.worker.settlement;

import java.time.Duration;

import org.jspecify.annotations.Nullable;

/**
 * An event's seats and terms as the settling transaction read them under the row lock.
 *
 * @param capacity seats on sale
 * @param seatsSold seats taken so far (HELD + CONFIRMED)
 * @param perUserLimit the most seats one user may take (held or confirmed); null for no limit
 * @param price price of one seat in minor units of {@code currency}; 0 for a free event
 * @param currency ISO 4217 code; null for a free event that names none
 * @param hold how long a booking of a paid event holds its seats unpaid ({@code events.hold_seconds})
 */
record EventInventory(int capacity, int seatsSold, @Nullable Integer perUserLimit, long price,
		@Nullable String currency, Duration hold) {

	/**
	 * Seats still free.
	 * @return capacity − seats taken
	 */
	int seatsLeft() {
		return this.capacity - this.seatsSold;
	}

	/**
	 * Whether a booking of this event must be paid for: it is then HELD, not CONFIRMED.
	 * @return true when the price is above 0
	 */
	boolean paid() {
		return this.price > 0;
	}

}
