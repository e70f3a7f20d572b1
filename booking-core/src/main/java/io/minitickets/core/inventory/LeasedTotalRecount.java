package io.minitickets.core.inventory;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import io.lettuce.core.KeyValue;
import io.lettuce.core.ScanArgs;
import io.lettuce.core.ScanIterator;
import io.lettuce.core.ScoredValue;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;
import io.minitickets.core.valkey.LuaScript;
import io.minitickets.core.valkey.ValkeyConnection;
import io.minitickets.core.valkey.ValkeyKeys.EventKeys;

/**
 * Recounts an event's leased total ({@code inv:{evt:<id>}:leased:v2}) in chunks, outside any script, so that Valkey is
 * never blocked by a walk over hundreds of thousands of leases (a walk inside RECONCILE took 220–430 ms per 100,000
 * leases, past the 250 ms command timeout: issue 19, item 8).
 * <p>
 * {@link #begin} replaces the total with a marker that does not parse; {@link #sum} reads the counted leases' expiries
 * with {@code ZSCAN} and their seats with {@code HMGET}, {@value InventoryGate#LEASES_PER_SCAN} a command;
 * {@link #finish} sets the total with {@code scripts/set-leased-total.lua} only while the marker is still there. RESERVE and
 * SETTLE delete a total that does not parse whenever they add or remove a lease, so a recount that raced with either
 * writes nothing (a later RECONCILE asks again); a recount that finishes is exact. Lettuce exceptions propagate (the
 * caller wraps them).
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
	 * The seats of the counted leases (those whose expiry is in {@code leaseExpiry}, as RESERVE adds them) whose entry
	 * parses, each counted once however often {@code ZSCAN} returns it: their expiries in chunks, then their seats with
	 * one {@code HMGET} a chunk.
	 * @param connection the gate's Valkey
	 * @param keys the event's keys
	 * @return seats, summed
	 */
	long sum(ValkeyConnection connection, EventKeys keys) {
		RedisClusterCommands<String, String> commands = connection.sync();
		ScanIterator<ScoredValue<String>> expiries = ScanIterator.zscan(commands, keys.leaseExpiry(),
				ScanArgs.Builder.limit(InventoryGate.LEASES_PER_SCAN));
		Set<String> seen = new HashSet<>();
		List<String> chunk = new ArrayList<>(InventoryGate.LEASES_PER_SCAN);
		long seats = 0;
		while (expiries.hasNext()) {
			String id = expiries.next().getValue();
			if (seen.add(id)) {
				chunk.add(id);
			}
			if (chunk.size() == InventoryGate.LEASES_PER_SCAN || !expiries.hasNext()) {
				seats += seats(commands, keys, chunk);
				chunk.clear();
			}
		}
		return seats;
	}

	private static long seats(RedisClusterCommands<String, String> commands, EventKeys keys, List<String> ids) {
		long seats = 0;
		for (KeyValue<String, String> entry : commands.hmget(keys.leases(), ids.toArray(String[]::new))) {
			Integer leased = entry.hasValue() ? LeaseEntries.seats(entry.getValue()) : null;
			if (LeaseEntries.bookingId(entry.getKey()) != null && leased != null) {
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
