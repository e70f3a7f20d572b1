package io.minitickets.core.inventory;

import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletionStage;

import io.lettuce.core.ScriptOutputType;
import io.minitickets.core.valkey.LuaScript;
import io.minitickets.core.valkey.ValkeyConnection;
import io.minitickets.core.valkey.ValkeyKeys.EventKeys;
import org.jspecify.annotations.Nullable;

/**
 * {@code scripts/settle-lease.lua}: SETTLE one booking's lease with Postgres's outcome, or RELEASE it.
 * <p>
 * KEYS: avail, leases, lease-exp (v2), settled, version, user-seats, lease-user, leased (v2), legacy lease-exp. ARGV:
 * booking id, outcome (CONFIRMED, REJECTED, RELEASED, OFFERED), seats, settled TTL (ms), user id ('' when unknown). Reply: {1 LEASE_SETTLED | 2
 * SETTLED_WITHOUT_LEASE | 0 UNCHANGED}.
 */
final class SettleLeaseScript {

	private final LuaScript script = LuaScript.load("settle-lease.lua");

	SettleResult settle(ValkeyConnection connection, EventKeys keys, UUID bookingId, @Nullable Long userId,
			LeaseOutcome outcome, int seats, Duration settledTtl) {
		List<Long> reply = this.script.execute(connection, ScriptOutputType.MULTI, keys(keys),
				args(bookingId, userId, outcome, seats, settledTtl));
		return toResult(reply);
	}

	CompletionStage<SettleResult> settleAsync(ValkeyConnection connection, EventKeys keys, UUID bookingId,
			@Nullable Long userId, LeaseOutcome outcome, int seats, Duration settledTtl) {
		CompletionStage<List<Long>> reply = this.script.executeAsync(connection, ScriptOutputType.MULTI, keys(keys),
				args(bookingId, userId, outcome, seats, settledTtl));
		return reply.thenApply(SettleLeaseScript::toResult);
	}

	private static String[] keys(EventKeys keys) {
		return new String[] { keys.available(), keys.leases(), keys.leaseExpiry(), keys.settled(), keys.version(),
				keys.userSeats(), keys.leaseUsers(), keys.leased(), keys.legacyLeaseExpiry() };
	}

	private static String[] args(UUID bookingId, @Nullable Long userId, LeaseOutcome outcome, int seats,
			Duration settledTtl) {
		return new String[] { bookingId.toString(), outcome.name(), Integer.toString(seats),
				Long.toString(settledTtl.toMillis()), (userId != null) ? userId.toString() : "" };
	}

	private static SettleResult toResult(List<Long> reply) {
		return switch (reply.get(0).intValue()) {
			case 1 -> SettleResult.LEASE_SETTLED;
			case 2 -> SettleResult.SETTLED_WITHOUT_LEASE;
			default -> SettleResult.UNCHANGED;
		};
	}

}
