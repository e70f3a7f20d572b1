package io.minitickets.core.reconcile;

import java.util.Set;
import java.util.UUID;

/**
 * What Postgres says about one event, read in one statement so all parts come from one snapshot.
 * <p>
 * Only confirmed bookings are excluded from the live leases: a rejected booking's lease must stay counted until its
 * REJECTED settle gives the seats back, or the seats would come back twice (once through the reconcile, once through
 * the settle).
 *
 * @param capacity the event's seats
 * @param confirmed seats sold ({@code events.seats_sold})
 * @param leasedAndConfirmed the asked-about leased bookings that Postgres has confirmed
 */
public record EventTruth(long capacity, long confirmed, Set<UUID> leasedAndConfirmed) {

	/**
	 * @return capacity − seats confirmed
	 */
	public long capacityLeft() {
		return this.capacity - this.confirmed;
	}

}
