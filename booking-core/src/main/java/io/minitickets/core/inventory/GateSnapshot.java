package io.minitickets.core.inventory;

import java.util.Map;
import java.util.UUID;

/**
 * An event's gate as read before a reconcile: the version first, then the leases.
 *
 * @param version the event's settle version, for the compare-and-set of RECONCILE
 * @param leases live leases that parse, booking id → seats
 * @param unparseable lease entries as stored (field → value) whose field is not a UUID or whose seats are not a
 * positive integer; RECONCILE moves them to the event's quarantine hash and does not count them; empty normally
 */
public record GateSnapshot(long version, Map<UUID, Integer> leases, Map<String, String> unparseable) {
}
