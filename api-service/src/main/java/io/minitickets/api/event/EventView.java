package io.minitickets.api.event;

import java.time.Instant;

import org.jspecify.annotations.Nullable;

/**
 * An event as the API shows it, with seats left as Postgres and as the gate see them.
 *
 * @param id the event id
 * @param name its name
 * @param capacity seats in all
 * @param seatsSold seats taken in Postgres (held or confirmed)
 * @param seatsLeft capacity − seats sold, Postgres's view
 * @param gateAvailable seats the inventory gate may still hand out; null when unknown (not loaded or unreachable)
 * @param saleStatus whether the sale is upcoming, open or closed
 * @param saleOpensAt when the sale opens; null once it is closed (the table's stand-in for closed, 9999-12-31, is
 * no time to wait for)
 * @param maxPerOrder the most seats per booking
 * @param perUserLimit the most seats per user; null for none
 * @param price price of one seat in minor units of {@code currency}; 0 for a free event
 * @param currency ISO 4217 code; null when none was given
 * @param holdSeconds how long a booking of a paid event holds its seats unpaid, seconds
 * @param offerSeconds how long a waiting-list offer stands, seconds
 * @param cancellableUntil the last moment a booking may be cancelled; null: while it is HELD or CONFIRMED
 * @param waitingRoom its waiting room (bookings then need an admission: {@code POST /api/events/{id}/queue}); null
 * for none
 */
public record EventView(long id, String name, int capacity, int seatsSold, int seatsLeft,
		@Nullable Long gateAvailable, SaleStatus saleStatus, @Nullable Instant saleOpensAt, int maxPerOrder,
		@Nullable Integer perUserLimit, long price, @Nullable String currency, int holdSeconds, int offerSeconds,
		@Nullable Instant cancellableUntil, @Nullable WaitingRoom waitingRoom) {

	static EventView of(Event event, @Nullable Long gateAvailable, Instant now) {
		SaleStatus status = SaleStatus.of(event.saleOpensAt(), now);
		return new EventView(event.id(), event.name(), event.capacity(), event.seatsSold(),
				event.capacity() - event.seatsSold(), gateAvailable, status,
				(status == SaleStatus.CLOSED) ? null : event.saleOpensAt(), event.maxPerOrder(), event.perUserLimit(),
				event.price(), event.currency(), event.holdSeconds(), event.offerSeconds(), event.cancellableUntil(),
				event.waitingRoom());
	}

}
