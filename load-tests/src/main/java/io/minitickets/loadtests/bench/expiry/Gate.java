package io.minitickets.loadtests.bench.expiry;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.lettuce.core.cluster.api.sync.RedisClusterCommands;

import io.minitickets.core.valkey.ValkeyKeys;

/**
 * The figure's event in the gate's Valkey, on a connection the caller holds: set as the settlements of its HELD
 * bookings would have left it, and read back while they expire.
 *
 * @param commands a connection to the stack's Valkey
 * @param event the event's keys, under the stack's prefix
 */
record Gate(RedisClusterCommands<String, String> commands, ValkeyKeys.EventKeys event) {

	/** Users per {@code HSET}, so that no one command carries 100,000 fields. */
	private static final int USERS_PER_CALL = 10_000;

	/**
	 * Leaves the counter as RESERVE and a HELD SETTLE of each booking would: {@code capacity − held} seats available,
	 * each user counted one seat for the per-user limit, and the version bumped (as every script that changes the
	 * event bumps it, so that a reconciler's compare-and-set begun before this fails and reads again).
	 * @param capacity the event's seats
	 * @param userIds the users of the HELD bookings, one seat each
	 */
	void hold(long capacity, List<Long> userIds) {
		for (int from = 0; from < userIds.size(); from += USERS_PER_CALL) {
			Map<String, String> seats = new HashMap<>();
			userIds.subList(from, Math.min(userIds.size(), from + USERS_PER_CALL))
				.forEach((user) -> seats.put(Long.toString(user), "1"));
			this.commands.hset(this.event.userSeats(), seats);
		}
		this.commands.set(this.event.available(), Long.toString(capacity - userIds.size()));
		this.commands.incr(this.event.version());
	}

	/**
	 * @return the seats the gate offers now, or -1 when its counter is missing
	 */
	long available() {
		String available = this.commands.get(this.event.available());
		return (available != null) ? Long.parseLong(available) : -1;
	}

	/**
	 * @return bookings the gate has marked returned (by the worker's RETURN, or by a reconcile that counted them)
	 */
	long returned() {
		return this.commands.hlen(this.event.returned());
	}

	/**
	 * @return users the gate still counts seats of, for the per-user limit
	 */
	long usersWithSeats() {
		return this.commands.hlen(this.event.userSeats());
	}

}
