package io.minitickets.core.inventory;

import java.util.HashSet;
import java.util.Set;
import java.util.UUID;

import io.lettuce.core.KeyValue;
import io.lettuce.core.ScanArgs;
import io.lettuce.core.ScanIterator;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;
import io.minitickets.core.valkey.LuaScript;
import io.minitickets.core.valkey.ValkeyConnection;
import io.minitickets.core.valkey.ValkeyKeys.EventKeys;

/**
 * Recounts an event's leased total ({@code inv:{evt:<id>}:leased}) in chunks, outside any script, so that Valkey is
 * never blocked by a walk over hundreds of thousands of leases (a walk inside RECONCILE took 220–430 ms per 100,000
 * leases, past the 250 ms command timeout: issue 19, item 8).
 * <p>
 * {@link #begin} replaces the total with a marker that does not parse; {@link #sum} reads the leases with
 * {@code HSCAN}, {@value InventoryGate#LEASES_PER_SCAN} entries a command; {@link #finish} sets the total with
 * {@code scripts/set-leased-total.lua} only while the marker is still there. RESERVE and SETTLE delete a total that
 * does not parse whenever they add or remove a lease, so a recount that raced with either writes nothing (a later
 * RECONCILE asks again); a recount that finishes is exact. Lettuce exceptions propagate (the caller wraps them).
 */
final class LeasedTotalRecount {

	private static final LuaScript SET_TOTAL = LuaScript.load("set-leased-total.lua");

	/**
	 * Writes a new marker in place of the total.
	 * @param connection the gate's Valkey
	 * @param keys the event's keys
	 * @return the marker, for {@link #finish}
	 */
	String begin(ValkeyConnection connection, EventKeys keys) {
		String marker = "recount:" + UUID.randomUUID();
		connection.sync().set(keys.leased(), marker);
		return marker;
	}

	/**
	 * The seats of the lease entries that parse, each field counted once however often {@code HSCAN} returns it.
	 * @param connection the gate's Valkey
	 * @param keys the event's keys
	 * @return seats, summed
	 */
	long sum(ValkeyConnection connection, EventKeys keys) {
		RedisClusterCommands<String, String> commands = connection.sync();
		ScanIterator<KeyValue<String, String>> entries = ScanIterator.hscan(commands, keys.leases(),
				ScanArgs.Builder.limit(InventoryGate.LEASES_PER_SCAN));
		Set<String> seen = new HashSet<>();
		long seats = 0;
		while (entries.hasNext()) {
			KeyValue<String, String> entry = entries.next();
			Integer leased = LeaseEntries.seats(entry.getValue());
			if (LeaseEntries.bookingId(entry.getKey()) != null && leased != null && seen.add(entry.getKey())) {
				seats += leased;
			}
		}
		return seats;
	}

	/**
	 * Sets the total to {@code seats} while it still holds {@code marker}.
	 * @param connection the gate's Valkey
	 * @param keys the event's keys
	 * @param marker what {@link #begin} wrote
	 * @param seats what {@link #sum} counted after {@link #begin}
	 * @return true when set; false when a lease was added or removed meanwhile (nothing written)
	 */
	boolean finish(ValkeyConnection connection, EventKeys keys, String marker, long seats) {
		Long set = SET_TOTAL.execute(connection, ScriptOutputType.INTEGER, new String[] { keys.leased() }, marker,
				Long.toString(seats));
		return set == 1L;
	}

}
