package io.minitickets.core.schema;

import java.time.Instant;

/**
 * How the {@code events} table marks a closed sale. It has no closed state: a closed sale opens at {@link #OPENS_AT},
 * the latest opening the admin API accepts, so it takes no bookings and is not reconciled ({@code ops events close}
 * sets it; the API answers that the sale is closed rather than when it opens).
 */
public final class ClosedSale {

	/** {@link #OPENS_AT} as ISO-8601 text, for messages that must be constants (command help). */
	public static final String OPENS_AT_TEXT = "9999-12-31T23:59:59Z";

	/** The sale opening of a closed sale, and the latest opening the admin API accepts. */
	public static final Instant OPENS_AT = Instant.parse(OPENS_AT_TEXT);

	private ClosedSale() {
	}

	/**
	 * @param saleOpensAt an event's sale opening
	 * @return whether it marks the sale closed: at or after {@link #OPENS_AT}
	 */
	public static boolean isClosed(Instant saleOpensAt) {
		return !saleOpensAt.isBefore(OPENS_AT);
	}

}
