package io.minitickets.api.event;

import java.time.Instant;

import org.jspecify.annotations.Nullable;

/**
 * An event on sale, as Postgres holds it.
 *
 * @param id the event id
 * @param name its name
 * @param capacity seats in all
 * @param seatsSold seats taken so far (held or confirmed)
 * @param saleOpensAt when bookings start being accepted
 * @param maxPerOrder the most seats one booking may ask for
 * @param perUserLimit the most seats one user may hold (held or confirmed); null for no limit
 * @param price price of one seat in minor units of {@code currency}; 0 for a free event
 * @param currency ISO 4217 code; null when none was given (always given when the price is above 0)
 * @param holdSeconds how long a booking of a paid event holds its seats unpaid, seconds
 * @param offerSeconds how long a waiting-list offer stands, seconds
 * @param cancellableUntil the last moment a booking may be cancelled; null: while it is HELD or CONFIRMED
 * @param waitingRoom its waiting room; null for none
 */
public record Event(long id, String name, int capacity, int seatsSold, Instant saleOpensAt, int maxPerOrder,
		@Nullable Integer perUserLimit, long price, @Nullable String currency, int holdSeconds, int offerSeconds,
		@Nullable Instant cancellableUntil, @Nullable WaitingRoom waitingRoom) {

	/**
	 * @param now the current time
	 * @return true when bookings are accepted at {@code now}
	 */
	public boolean isSaleOpen(Instant now) {
		return !now.isBefore(this.saleOpensAt);
	}

	/**
	 * @return true when bookings of the event need an admission token (its waiting room is enabled)
	 */
	public boolean needsAdmission() {
		return this.waitingRoom != null && this.waitingRoom.enabled();
	}

}
