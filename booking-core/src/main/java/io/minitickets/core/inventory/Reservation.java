package io.minitickets.core.inventory;

/**
 * The reply of RESERVE.
 *
 * @param result reserved, sold out or unknown
 * @param available seats the gate may still hand out after the call (0 when unknown)
 */
public record Reservation(ReserveResult result, long available) {
}
