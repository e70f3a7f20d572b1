package io.minitickets.core.status;

import java.time.Duration;
import java.util.concurrent.CompletionStage;

import io.lettuce.core.ScriptOutputType;
import io.minitickets.core.valkey.LuaScript;
import io.minitickets.core.valkey.ValkeyConnection;

/**
 * {@code scripts/put-status.lua}: write a booking's status, only forward.
 * <p>
 * KEYS: {@code bk:{<id>}}. ARGV: status, event id, user id, seats, reason ('' for none), TTL (ms). Reply: 1 written, 0
 * kept (a final status is never overwritten; PENDING never replaces anything).
 */
final class PutStatusScript {

	private final LuaScript script = LuaScript.load("put-status.lua");

	boolean put(ValkeyConnection connection, String key, CachedBooking booking, Duration ttl) {
		Long written = this.script.execute(connection, ScriptOutputType.INTEGER, new String[] { key }, args(booking,
				ttl));
		return written == 1L;
	}

	CompletionStage<Long> putAsync(ValkeyConnection connection, String key, CachedBooking booking, Duration ttl) {
		return this.script.executeAsync(connection, ScriptOutputType.INTEGER, new String[] { key }, args(booking, ttl));
	}

	private static String[] args(CachedBooking booking, Duration ttl) {
		return new String[] { booking.status().name(), Long.toString(booking.eventId()),
				Long.toString(booking.userId()), Integer.toString(booking.quantity()),
				(booking.reason() != null) ? booking.reason().name() : "", Long.toString(ttl.toMillis()) };
	}

}
