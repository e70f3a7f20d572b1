package io.minitickets.core.inventory;

import java.time.Duration;
import java.util.List;
import java.util.UUID;

import io.lettuce.core.ScriptOutputType;
import io.minitickets.core.valkey.LuaScript;
import io.minitickets.core.valkey.ValkeyConnection;
import io.minitickets.core.valkey.ValkeyKeys.EventKeys;
import io.minitickets.core.valkey.ValkeyUnavailableException;
import org.jspecify.annotations.Nullable;

/**
 * {@code scripts/reserve-seats.lua}: RESERVE seats for one booking.
 * <p>
 * KEYS ({@link #keys}): avail, leases, lease-exp, settled, user-seats, lease-user, leased. ARGV: booking id, seats,
 * lease TTL (ms), user id ('' for none), per-user limit ('' for none). Reply: {result 1 RESERVED | 0 SOLD_OUT |
 * 2 USER_LIMIT | -1 UNKNOWN, seats available after}.
 */
final class ReserveSeatsScript {

	static final LuaScript SCRIPT = LuaScript.load("reserve-seats.lua");

	/**
	 * @throws ValkeyUnavailableException when the gate's Valkey cannot answer in time
	 */
	Reservation reserve(ValkeyConnection connection, EventKeys keys, UUID bookingId, int seats, Duration leaseTtl,
			@Nullable Long userId, @Nullable Integer perUserLimit) {
		return reservation(SCRIPT.execute(connection, ScriptOutputType.MULTI, keys(keys),
				args(bookingId, seats, leaseTtl, userId, perUserLimit)));
	}

	/** The script's ARGV. */
	static String[] args(UUID bookingId, int seats, Duration leaseTtl, @Nullable Long userId,
			@Nullable Integer perUserLimit) {
		return new String[] { bookingId.toString(), Integer.toString(seats), Long.toString(leaseTtl.toMillis()),
				(userId != null) ? userId.toString() : "", (perUserLimit != null) ? perUserLimit.toString() : "" };
	}

	/** The reservation a reply of the script holds: its two integers, as {@link Long}. */
	static Reservation reservation(List<?> reply) {
		ReserveResult result = switch (((Long) reply.get(0)).intValue()) {
			case 1 -> ReserveResult.RESERVED;
			case 0 -> ReserveResult.SOLD_OUT;
			case 2 -> ReserveResult.USER_LIMIT;
			default -> ReserveResult.UNKNOWN;
		};
		return new Reservation(result, (Long) reply.get(1));
	}

	/**
	 * The script's KEYS for one event, in their order; every caller of {@code reserve-seats.lua}'s text takes them
	 * from here, so a key added to the script reaches each of them.
	 * @param keys the event's keys
	 * @return avail, leases, lease-exp, settled, user-seats, lease-user, leased
	 */
	static String[] keys(EventKeys keys) {
		return new String[] { keys.available(), keys.leases(), keys.leaseExpiry(), keys.settled(), keys.userSeats(),
				keys.leaseUsers(), keys.leased() };
	}

}
