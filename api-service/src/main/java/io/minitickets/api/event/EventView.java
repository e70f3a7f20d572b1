package io.minitickets.api.event;

import java.time.Instant;

import org.jspecify.annotations.Nullable;

/**
 * An event as the API shows it, with seats left as Postgres and as the gate see them.
 *
 * @param id the event id
 * @param name its name
 * @param capacity seats in all
 * @param seatsSold seats confirmed in Postgres
 * @param seatsLeft capacity − seats sold, Postgres's view
 * @param gateAvailable seats the inventory gate may still hand out; null when unknown (not loaded or unreachable)
 * @param saleStatus whether the sale is upcoming, open or closed
 * @param saleOpensAt when the sale opens; null once it is closed (the table's stand-in for closed, 9999-12-31, is
 * no time to wait for)
 * @param maxPerOrder the most seats per booking
 * @param perUserLimit the most seats per user; null for none
 */
public record EventView(long id, String name, int capacity, int seatsSold, int seatsLeft,
		@Nullable Long gateAvailable, SaleStatus saleStatus, @Nullable Instant saleOpensAt, int maxPerOrder,
		@Nullable Integer perUserLimit) {

	static EventView of(Event event, @Nullable Long gateAvailable, Instant now) {
		SaleStatus status = SaleStatus.of(event.saleOpensAt(), now);
		return new EventView(event.id(), event.name(), event.capacity(), event.seatsSold(),
				event.capacity() - event.seatsSold(), gateAvailable, status,
				(status == SaleStatus.CLOSED) ? null : event.saleOpensAt(), event.maxPerOrder(), event.perUserLimit());
	}

}
