package io.minitickets.core.inventory;

/**
 * What one RETURN call did.
 *
 * @param bookings bookings whose seats were returned now; the others had been returned (or counted by a reconcile)
 * before, or were too late
 * @param seats seats added to the counter now (or that would have been, had the counter been loaded)
 * @param late bookings not returned because their RETURN came more than {@link InventoryGate#RETURN_DEADLINE} after
 * they ended: their seats are left to the reconciler, which reads them from Postgres
 */
public record ReturnResult(long bookings, long seats, long late) {
}
