package io.minitickets.core.inventory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import io.lettuce.core.ScriptOutputType;
import io.minitickets.core.valkey.LuaScript;
import io.minitickets.core.valkey.ValkeyConnection;
import io.minitickets.core.valkey.ValkeyKeys.EventKeys;

/**
 * {@code scripts/reconcile-inventory.lua}: set an event's counter to the truth with a compare-and-set on its version.
 * <p>
 * KEYS: avail, leases, lease-exp (v2), settled, version, quarantine, leased (v2), legacy lease-exp, returned. ARGV:
 * expected version, capacity − seats taken, n, then the n ids of leased bookings that took their seats in Postgres,
 * m, the return memory (ms), the m ids of bookings that ended after taking seats (marked returned), then the lease
 * fields read whose entry did not parse. Reply: {0 IN_SYNC | 1 LOADED | 2 REPAIRED | -2 STALE | -3 RECOUNT, before,
 * truth, lease entries quarantined}. Costs one {@code HGET} per id or field passed, never a walk over the leases: when
 * the event's leased total is missing or cannot be right it answers RECOUNT and the caller recounts it
 * ({@link LeasedTotalRecount}).
 */
final class ReconcileInventoryScript {

	private static final long RECOUNT = -3;

	private final LuaScript script = LuaScript.load("reconcile-inventory.lua");

	/**
	 * @return what the script did; empty when the event's leased total must be recounted first
	 * ({@link LeasedTotalRecount}): nothing but quarantined entries was written
	 */
	Optional<ReconcileResult> reconcile(ValkeyConnection connection, EventKeys keys, long expectedVersion,
			long capacityLeft, Collection<UUID> leasedAndConfirmed, Collection<UUID> ended, Duration remember,
			Collection<String> unparseable) {
		List<String> args = new ArrayList<>(leasedAndConfirmed.size() + ended.size() + unparseable.size() + 5);
		args.add(Long.toString(expectedVersion));
		args.add(Long.toString(capacityLeft));
		args.add(Integer.toString(leasedAndConfirmed.size()));
		leasedAndConfirmed.forEach((id) -> args.add(id.toString()));
		args.add(Integer.toString(ended.size()));
		args.add(Long.toString(remember.toMillis()));
		ended.forEach((id) -> args.add(id.toString()));
		args.addAll(unparseable);
		List<Long> reply = this.script.execute(connection, ScriptOutputType.MULTI,
				new String[] { keys.available(), keys.leases(), keys.leaseExpiry(), keys.settled(), keys.version(),
						keys.quarantine(), keys.leased(), keys.legacyLeaseExpiry(), keys.returned() },
				args.toArray(String[]::new));
		if (reply.get(0) == RECOUNT) {
			return Optional.empty();
		}
		ReconcileResult.Kind kind = switch (reply.get(0).intValue()) {
			case 0 -> ReconcileResult.Kind.IN_SYNC;
			case 1 -> ReconcileResult.Kind.LOADED;
			case 2 -> ReconcileResult.Kind.REPAIRED;
			default -> ReconcileResult.Kind.STALE;
		};
		return Optional.of(new ReconcileResult(kind, reply.get(1), reply.get(2), reply.get(3)));
	}

}
