package io.minitickets.core.inventory;

/**
 * What one RETURN call did.
 *
 * @param bookings bookings whose seats were returned now; the others had been returned (or counted by a reconcile)
 * before
 * @param seats seats added to the counter now (or that would have been, had the counter been loaded)
 */
public record ReturnResult(long bookings, long seats) {
}
