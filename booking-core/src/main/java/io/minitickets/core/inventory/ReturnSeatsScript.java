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
 * KEYS: avail, returned, user-seats, version. ARGV: remember TTL (ms), deadline (ms), then (booking id, user id, seats,
 * seats back, ended at in ms since the epoch) per booking. Reply: {bookings returned now, seats returned now,
 * bookings too late}, 64-bit integers. The deadline is compared with Valkey's clock ({@code TIME}), the end with Postgres's.
 */
final class ReturnSeatsScript {

	private final LuaScript script = LuaScript.load("return-seats.lua");

	CompletionStage<ReturnResult> returnAsync(ValkeyConnection connection, EventKeys keys,
			List<ReturnedBooking> bookings, Duration remember, Duration deadline) {
		String[] args = new String[2 + 5 * bookings.size()];
		args[0] = Long.toString(remember.toMillis());
		args[1] = Long.toString(deadline.toMillis());
		int i = 2;
		for (ReturnedBooking booking : bookings) {
			args[i++] = booking.bookingId().toString();
			args[i++] = Long.toString(booking.userId());
			args[i++] = Integer.toString(booking.seats());
			args[i++] = Integer.toString(booking.seatsBack());
			args[i++] = Long.toString(booking.endedAt().toEpochMilli());
		}
		CompletionStage<List<Long>> reply = this.script.executeAsync(connection, ScriptOutputType.MULTI,
				new String[] { keys.available(), keys.returned(), keys.userSeats(), keys.version() }, args);
		return reply.thenApply((values) -> new ReturnResult(values.get(0), values.get(1), values.get(2)));
	}

}
