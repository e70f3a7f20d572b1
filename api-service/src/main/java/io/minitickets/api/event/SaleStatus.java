package io.minitickets.api.event;

import java.time.Instant;

import io.minitickets.core.schema.ClosedSale;

/**
 * Where an event's sale stands, as the API shows it beside {@code saleOpensAt}; the booking answers agree: UPCOMING
 * and CLOSED are the 409 {@code sale-not-open} (with {@code saleOpensAt} only while UPCOMING).
 */
public enum SaleStatus {

	/** The sale opens at {@code saleOpensAt}, still to come. */
	UPCOMING,

	/** Bookings are taken (sold out or not: {@code seatsLeft} says). */
	OPEN,

	/** Closed by an operator ({@code ops events close}); it has no opening to wait for. */
	CLOSED;

	/**
	 * @param saleOpensAt the event's sale opening as stored ({@link ClosedSale#OPENS_AT} marks a closed sale)
	 * @param now the current time
	 * @return the sale's status at {@code now}
	 */
	static SaleStatus of(Instant saleOpensAt, Instant now) {
		if (ClosedSale.isClosed(saleOpensAt)) {
			return CLOSED;
		}
		return now.isBefore(saleOpensAt) ? UPCOMING : OPEN;
	}

}
