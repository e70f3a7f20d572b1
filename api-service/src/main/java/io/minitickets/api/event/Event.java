package io.minitickets.api.event;

import java.time.Instant;

import org.jspecify.annotations.Nullable;

/**
 * An event on sale, as Postgres holds it.
 *
 * @param id the event id
 * @param name its name
 * @param capacity seats in all
 * @param seatsSold seats confirmed so far
 * @param saleOpensAt when bookings start being accepted
 * @param maxPerOrder the most seats one booking may ask for
 * @param perUserLimit the most seats one user may hold; null for no limit
 */
public record Event(long id, String name, int capacity, int seatsSold, Instant saleOpensAt, int maxPerOrder,
		@Nullable Integer perUserLimit) {

	/**
	 * @param now the current time
	 * @return true when bookings are accepted at {@code now}
	 */
	public boolean isSaleOpen(Instant now) {
		return !now.isBefore(this.saleOpensAt);
	}

}
