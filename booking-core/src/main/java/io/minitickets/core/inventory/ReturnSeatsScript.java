package io.minitickets.core.inventory;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionStage;

import io.lettuce.core.ScriptOutputType;
import io.minitickets.core.valkey.LuaScript;
import io.minitickets.core.valkey.ValkeyConnection;
import io.minitickets.core.valkey.ValkeyKeys.EventKeys;

/**
 * {@code scripts/return-seats.lua}: RETURN the seats of ended bookings of one event to its gate, idempotent per
 * booking id.
 * <p>
 * KEYS: avail, returned, user-seats, version. ARGV: remember TTL (ms), then (booking id, user id, seats) per booking.
 * Reply: {bookings returned now, seats returned now}, 64-bit integers.
 */
final class ReturnSeatsScript {

	private final LuaScript script = LuaScript.load("return-seats.lua");

	CompletionStage<ReturnResult> returnAsync(ValkeyConnection connection, EventKeys keys,
			List<ReturnedBooking> bookings, Duration remember) {
		String[] args = new String[1 + 3 * bookings.size()];
		args[0] = Long.toString(remember.toMillis());
		int i = 1;
		for (ReturnedBooking booking : bookings) {
			args[i++] = booking.bookingId().toString();
			args[i++] = Long.toString(booking.userId());
			args[i++] = Integer.toString(booking.seats());
		}
		CompletionStage<List<Long>> reply = this.script.executeAsync(connection, ScriptOutputType.MULTI,
				new String[] { keys.available(), keys.returned(), keys.userSeats(), keys.version() }, args);
		return reply.thenApply((values) -> new ReturnResult(values.get(0), values.get(1)));
	}

}
