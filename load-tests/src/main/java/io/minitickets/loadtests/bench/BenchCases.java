package io.minitickets.loadtests.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

import io.lettuce.core.ScriptOutputType;
import io.minitickets.core.inventory.GateProperties;
import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.inventory.LeaseOutcome;
import io.minitickets.core.inventory.ReserveResult;
import io.minitickets.core.inventory.SettleResult;
import io.minitickets.core.ratelimit.BucketPolicy;
import io.minitickets.core.ratelimit.RateLimiter;
import io.minitickets.core.valkey.ValkeyConnection;
import io.minitickets.core.valkey.ValkeyKeys;

/**
 * The cases of one bench run, on keys it prepared under its own prefix: two baselines and the sale-day scripts, called
 * through booking-core's own {@link RateLimiter} and {@link InventoryGate} exactly as api-service and the worker call
 * them.
 *
 * @param get baseline A: a GET of one key, the cost of a round trip
 * @param evalsha baseline B: EVALSHA of {@code return 1}, the cost of calling any script
 * @param scripts take-token, the sold-out RESERVE, and an accepted booking's RESERVE + SETTLE
 */
record BenchCases(BenchCase get, BenchCase evalsha, List<BenchCase> scripts) {

	/** The booking bucket of DESIGN.md's defaults: 10 tokens, 1 token per second. */
	private static final BucketPolicy BOOKING_BUCKET = new BucketPolicy(10, Duration.ofSeconds(1));

	/**
	 * Users whose buckets take-token is spread over, round robin. At tens of thousands of calls per second each user
	 * asks a few times a second, so a bucket can drain and both branches of the script run (the table says how many
	 * calls were allowed).
	 */
	private static final int USERS = 10_000;

	/** Seats of the event the accepted bookings reserve on: more than any run can take. */
	private static final long PLENTY_OF_SEATS = 1_000_000_000L;

	private static final long SOLD_OUT_EVENT = 1;

	private static final long ON_SALE_EVENT = 2;

	private static final GateProperties PRODUCTION_GATE = new GateProperties(true, Duration.ofMinutes(10),
			Duration.ofHours(24));

	/**
	 * @return the baselines, then the scripts, in run order
	 */
	List<BenchCase> all() {
		List<BenchCase> all = new ArrayList<>(List.of(this.get, this.evalsha));
		all.addAll(this.scripts);
		return all;
	}

	/**
	 * Writes what the cases read (a key to GET, the trivial script, a sold-out and an on-sale event's gate counters)
	 * and returns the cases.
	 * @param connection the shared connection every caller uses
	 * @param keys the key schema with the run's own prefix
	 * @return the cases
	 */
	static BenchCases prepare(ValkeyConnection connection, ValkeyKeys keys) {
		String getKey = keys.prefix() + "bench:get";
		connection.sync().set(getKey, "1");
		String trivialScriptSha = connection.sync().scriptLoad("return 1");
		RateLimiter limiter = new RateLimiter(connection, keys);
		InventoryGate gate = new InventoryGate(connection, keys, PRODUCTION_GATE);
		gate.load(SOLD_OUT_EVENT, 0);
		gate.load(ON_SALE_EVENT, PLENTY_OF_SEATS);
		// Numbers every call of the run: a user round robin, a booking id never used before.
		AtomicLong calls = new AtomicLong();
		BenchCase get = new BenchCase("GET (baseline A)", "found", () -> connection.sync().get(getKey) != null);
		BenchCase evalsha = new BenchCase("EVALSHA return 1 (baseline B)", "returned 1", () -> connection.sync()
			.<Long>evalsha(trivialScriptSha, ScriptOutputType.INTEGER, new String[0]) == 1L);
		BenchCase takeToken = new BenchCase("take-token", "allowed", () -> limiter
			.tryAcquire("book:user", Long.toString(calls.getAndIncrement() % USERS), BOOKING_BUCKET)
			.allowed());
		BenchCase soldOut = new BenchCase("reserve-seats, sold out (409)", "sold out",
				() -> gate.reserve(SOLD_OUT_EVENT, new UUID(0, calls.getAndIncrement()), 1)
					.result() == ReserveResult.SOLD_OUT);
		BenchCase accepted = new BenchCase("reserve-seats + settle-lease CONFIRMED", "settled",
				() -> reserveAndConfirm(gate, new UUID(0, calls.getAndIncrement())));
		return new BenchCases(get, evalsha, List.of(takeToken, soldOut, accepted));
	}

	private static boolean reserveAndConfirm(InventoryGate gate, UUID bookingId) {
		ReserveResult reserved = gate.reserve(ON_SALE_EVENT, bookingId, 1).result();
		return reserved == ReserveResult.RESERVED && gate.settle(ON_SALE_EVENT, bookingId, LeaseOutcome.CONFIRMED,
				1) == SettleResult.LEASE_SETTLED;
	}

}
