package io.minitickets.core.reconcile;

import java.util.Set;
import java.util.UUID;

/**
 * What Postgres says about one event, read in one statement so all parts come from one snapshot.
 * <p>
 * Only bookings that took their seats are excluded from the live leases: a rejected booking's lease must stay counted
 * until its REJECTED settle gives the seats back, or the seats would come back twice (once through the reconcile, once
 * through the settle).
 *
 * @param capacity the event's seats
 * @param confirmed seats taken ({@code events.seats_sold}: HELD + CONFIRMED)
 * @param leasedAndConfirmed the asked-about leased bookings that took their seats in Postgres (any status but
 * REJECTED)
 * @param ended bookings that ended after taking seats (EXPIRED) within the gate's return window: their seats are free
 * in {@link #capacityLeft()}
 */
public record EventTruth(long capacity, long confirmed, Set<UUID> leasedAndConfirmed, Set<UUID> ended) {

	/**
	 * @return capacity − seats taken
	 */
	public long capacityLeft() {
		return this.capacity - this.confirmed;
	}

}
