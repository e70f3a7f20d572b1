package io.minitickets.core.status;

import java.time.Duration;
import java.util.concurrent.CompletionStage;

import io.lettuce.core.ScriptOutputType;
import io.minitickets.core.valkey.LuaScript;
import io.minitickets.core.valkey.ValkeyConnection;

/**
 * {@code scripts/put-status.lua}: write a booking's status, only forward; and
 * {@code scripts/remove-pending-status.lua}: remove it while it is still PENDING.
 * <p>
 * KEYS: {@code bk:{<id>}}. ARGV: status, event id, user id, seats, reason ('' for none), TTL (ms), hold expiry
 * (ISO-8601), amount, currency (all three '' without a hold). Reply: 1 written, 0 kept (a status is written only over a
 * lower {@link io.minitickets.core.messaging.BookingStatus#rank() rank}; PENDING never replaces anything).
 */
final class PutStatusScript {

	private final LuaScript script = LuaScript.load("put-status.lua");

	private final LuaScript removePending = LuaScript.load("remove-pending-status.lua");

	boolean put(ValkeyConnection connection, String key, CachedBooking booking, Duration ttl) {
		Long written = this.script.execute(connection, ScriptOutputType.INTEGER, new String[] { key }, args(booking,
				ttl));
		return written == 1L;
	}

	CompletionStage<Long> putAsync(ValkeyConnection connection, String key, CachedBooking booking, Duration ttl) {
		return this.script.executeAsync(connection, ScriptOutputType.INTEGER, new String[] { key }, args(booking, ttl));
	}

	boolean removePending(ValkeyConnection connection, String key) {
		Long removed = this.removePending.execute(connection, ScriptOutputType.INTEGER, new String[] { key },
				new String[0]);
		return removed == 1L;
	}

	private static String[] args(CachedBooking booking, Duration ttl) {
		CachedBooking.Hold hold = booking.hold();
		return new String[] { booking.status().name(), Long.toString(booking.eventId()),
				Long.toString(booking.userId()), Integer.toString(booking.quantity()),
				(booking.reason() != null) ? booking.reason().name() : "", Long.toString(ttl.toMillis()),
				(hold != null) ? hold.expiresAt().toString() : "", (hold != null) ? Long.toString(hold.amount()) : "",
				(hold != null) ? hold.currency() : "" };
	}

}
