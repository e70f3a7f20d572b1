package io.minitickets.reconciler.inventory;

import java.util.Set;
import java.util.UUID;

/**
 * What Postgres says about one event, read in one statement so both parts come from one snapshot.
 * <p>
 * Only confirmed bookings are excluded from the live leases: a rejected booking's lease must stay counted until its
 * REJECTED settle gives the seats back, or the seats would come back twice (once through the reconcile, once through
 * the settle).
 *
 * @param capacityLeft capacity − seats confirmed
 * @param leasedAndConfirmed the asked-about leased bookings that Postgres has confirmed
 */
record EventTruth(long capacityLeft, Set<UUID> leasedAndConfirmed) {
}
