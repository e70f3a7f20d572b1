package io.minitickets.core.inventory;

import java.util.Map;
import java.util.UUID;

/**
 * An event's gate as read before a reconcile: the version first, then the leases.
 *
 * @param version the event's settle version, for the compare-and-set of RECONCILE
 * @param leases live leases, booking id → seats
 */
public record GateSnapshot(long version, Map<UUID, Integer> leases) {
}
