package io.minitickets.api.settlement;

import java.util.UUID;

/**
 * Whoever waits on this instance for bookings to change, as {@link SettlementFeed} asks them: a record of a booking
 * nobody waits for is skipped after its booking id is read, without parsing the rest.
 */
public interface SettlementWaiters {

	/**
	 * @param bookingId a booking that {@code bookings.settled} announces as changed
	 * @return true when something on this instance waits for it now; called on the feed's thread, must not block
	 */
	boolean waitsFor(UUID bookingId);

	/**
	 * @param change the change of a booking {@link #waitsFor} answered true for; called on the feed's thread, must
	 * not block
	 */
	void changed(SettledChange change);

}
