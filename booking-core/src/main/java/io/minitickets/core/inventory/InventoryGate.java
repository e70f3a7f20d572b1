package io.minitickets.core.inventory;

import java.util.ArrayList;
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletionStage;
import java.util.stream.Collectors;

import io.lettuce.core.KeyValue;
import io.lettuce.core.Range;
import io.lettuce.core.RedisException;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.ScanArgs;
import io.lettuce.core.ScanIterator;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;
import io.minitickets.core.idempotency.KeyClaim;
import io.minitickets.core.ratelimit.BucketPolicy;
import io.minitickets.core.ratelimit.GuardedReply;
import io.minitickets.core.ratelimit.RateLimiter;
import io.minitickets.core.ratelimit.TokenGuardedScript;
import io.minitickets.core.valkey.LuaScript;
import io.minitickets.core.valkey.ValkeyConnection;
import io.minitickets.core.valkey.ValkeyKeys;
import io.minitickets.core.valkey.ValkeyUnavailableException;
import org.jspecify.annotations.Nullable;

/**
 * The inventory gate: per-event seat counters and leases in Valkey that answer "sold out" without touching Postgres.
 * <p>
 * Postgres stays the final authority; the gate only keeps most of a stampede away from it. While Valkey keeps its
 * state, {@code available + live leases + confirmed ≤ capacity} (DESIGN.md, invariant 4). Every method throws
 * {@link ValkeyUnavailableException} when the gate's Valkey cannot answer within the command timeout; callers fail
 * open (the API sends the booking ungated, the worker leaves the settle to the reconciler).
 */
public class InventoryGate {

	/** How many lease entries {@link #snapshot} asks for per {@code HSCAN} (a hint to Valkey, not a bound). */
	static final int LEASES_PER_SCAN = 1000;

	/**
	 * How long after its booking ended a RETURN is still applied. The expirer sends it right after its commit and
	 * retries it once within its settle timeout (1 s each), so a minute leaves room for a stalled worker; a RETURN
	 * later than that is dropped and the reconciler gives the seats back from Postgres.
	 */
	public static final Duration RETURN_DEADLINE = Duration.ofMinutes(1);

	private final ValkeyConnection connection;

	private final ValkeyKeys keys;

	private final GateProperties properties;

	private final ReserveSeatsScript reserveScript = new ReserveSeatsScript();

	private final TokenGuardedScript reserveAfterTokenScript = new TokenGuardedScript(ReserveSeatsScript.SCRIPT);

	private final TokenGuardedScript claimAndReserveAfterTokenScript = new TokenGuardedScript(
			LuaScript.load("claim-key-then-reserve.lua").withFunction("reserve", ReserveSeatsScript.SCRIPT));

	private final SettleLeaseScript settleScript = new SettleLeaseScript();

	private final ReconcileInventoryScript reconcileScript = new ReconcileInventoryScript();

	private final ReturnSeatsScript returnScript = new ReturnSeatsScript();

	private final LeasedTotalRecount recount = new LeasedTotalRecount();

	/**
	 * @param connection the gate's Valkey
	 * @param keys the key schema
	 * @param properties lease and settle-memory times
	 */
	public InventoryGate(ValkeyConnection connection, ValkeyKeys keys, GateProperties properties) {
		this.connection = connection;
		this.keys = keys;
		this.properties = properties;
	}

	/**
	 * RESERVE for no particular user: a lease counted against no one's per-user limit. Idempotent per booking id.
	 * @param eventId the event
	 * @param bookingId the booking
	 * @param seats seats asked for, positive
	 * @return reserved, sold out (nothing changed) or unknown (counter not loaded)
	 * @throws ValkeyUnavailableException when the gate's Valkey cannot answer in time
	 */
	public Reservation reserve(long eventId, UUID bookingId, int seats) {
		return this.reserveScript.reserve(this.connection, this.keys.event(eventId), bookingId, seats,
				this.properties.leaseTtl(), null, null);
	}

	/**
	 * RESERVE: takes seats for a user's booking and records a lease that expires after the lease TTL; the seats count
	 * against the user's per-user limit until a REJECTED or RELEASED settle gives them back (a CONFIRMED one keeps
	 * them). Idempotent per booking id. Sold out is answered before the user limit, as the worker decides.
	 * @param eventId the event
	 * @param bookingId the booking
	 * @param userId the user who books
	 * @param seats seats asked for, positive
	 * @param perUserLimit the event's per-user limit in seats; null for none (the seats are still counted)
	 * @return reserved, sold out, user limit (nothing changed) or unknown (counter not loaded)
	 * @throws ValkeyUnavailableException when the gate's Valkey cannot answer in time
	 */
	public Reservation reserve(long eventId, UUID bookingId, long userId, int seats, @Nullable Integer perUserLimit) {
		return this.reserveScript.reserve(this.connection, this.keys.event(eventId), bookingId, seats,
				this.properties.leaseTtl(), userId, perUserLimit);
	}

	/**
	 * Takes a token from a limiter's bucket and, only when one was taken, RESERVEs as
	 * {@link #reserve(long, UUID, long, int, Integer)} does, in one Valkey call: one round trip instead of two on the
	 * booking hot path. Needs {@link #reservesAfterTokensOf} to be true for the limiter.
	 * @param limiter the limiter whose bucket gives the token
	 * @param scope the bucket's scope, for example {@code book:user}
	 * @param id whose bucket
	 * @param policy the bucket's capacity and refill rate
	 * @param eventId the event
	 * @param bookingId the booking
	 * @param userId the user who books
	 * @param seats seats asked for, positive
	 * @param perUserLimit the event's per-user limit in seats; null for none
	 * @return the token decision, and the reservation when the token was taken, or RESERVE's failure when it raised
	 * an error (the token stays taken, as when the two are called one after the other)
	 * @throws IllegalStateException when the limiter is on a Valkey Cluster
	 * @throws ValkeyUnavailableException when Valkey cannot answer in time: whether the token was taken and seats were
	 * reserved is then unknown (a lease made stays until it expires and the reconciler releases it)
	 */
	public TokenAndReservation reserveAfterToken(RateLimiter limiter, String scope, String id, BucketPolicy policy,
			long eventId, UUID bookingId, long userId, int seats, @Nullable Integer perUserLimit) {
		GuardedReply reply = limiter.tryAcquireThen(scope, id, policy, this.reserveAfterTokenScript,
				ReserveSeatsScript.keys(this.keys.event(eventId)),
				ReserveSeatsScript.args(bookingId, seats, this.properties.leaseTtl(), userId, perUserLimit));
		boolean reserved = reply.decision().allowed() && reply.failure() == null;
		return new TokenAndReservation(reply.decision(),
				reserved ? ReserveSeatsScript.reservation(reply.reply()) : null, reply.failure(), false);
	}

	/**
	 * As {@link #reserveAfterToken}, with an Idempotency-Key claimed in the same Valkey call between the token and
	 * RESERVE ({@code claim-key-then-reserve.lua}): RESERVE runs only when the key held nothing. A sold-out answer is
	 * stored on the key at once ({@link KeyClaim#soldOutAnswer()}), a USER_LIMIT one frees the key; otherwise the
	 * claim stays for the caller to answer. Needs {@link #reservesAfterTokensOf} to be true for the limiter, and the
	 * key on the limiter's connection.
	 * @param limiter the limiter whose bucket gives the token
	 * @param scope the bucket's scope, for example {@code book:user}
	 * @param id whose bucket
	 * @param policy the bucket's capacity and refill rate
	 * @param claim the key's entry and the values to store on it
	 * @param eventId the event
	 * @param bookingId the booking
	 * @param userId the user who books
	 * @param seats seats asked for, positive
	 * @param perUserLimit the event's per-user limit in seats; null for none
	 * @return the token decision; then {@link TokenAndReservation#keyBusy()} when the key held something (nothing
	 * claimed nor reserved), or the reservation, or RESERVE's failure (the key stays claimed)
	 * @throws IllegalStateException when the limiter is on a Valkey Cluster
	 * @throws ValkeyUnavailableException when Valkey cannot answer in time: whether the token was taken, the key
	 * claimed and seats reserved is then unknown
	 */
	public TokenAndReservation claimAndReserveAfterToken(RateLimiter limiter, String scope, String id,
			BucketPolicy policy, KeyClaim claim, long eventId, UUID bookingId, long userId, int seats,
			@Nullable Integer perUserLimit) {
		String[] reserveKeys = ReserveSeatsScript.keys(this.keys.event(eventId));
		String[] reserveArgs = ReserveSeatsScript.args(bookingId, seats, this.properties.leaseTtl(), userId,
				perUserLimit);
		String[] keys = new String[reserveKeys.length + 1];
		keys[0] = claim.entryKey();
		System.arraycopy(reserveKeys, 0, keys, 1, reserveKeys.length);
		String[] args = new String[reserveArgs.length + 3];
		args[0] = claim.claim();
		args[1] = Long.toString(claim.ttl().toMillis());
		args[2] = claim.soldOutAnswer();
		System.arraycopy(reserveArgs, 0, args, 3, reserveArgs.length);
		GuardedReply reply = limiter.tryAcquireThen(scope, id, policy, this.claimAndReserveAfterTokenScript, keys,
				args);
		if (!reply.decision().allowed()) {
			return new TokenAndReservation(reply.decision(), null, null, false);
		}
		// the claim script's own failure (only its writes can fail: out of memory) is taken as a key not claimed
		if (reply.failure() != null || (Long) reply.reply().get(0) == 0L) {
			return new TokenAndReservation(reply.decision(), null, null, true);
		}
		List<Object> reserved = reply.reply().subList(1, reply.reply().size());
		if (reserved.size() == 1 && reserved.get(0) instanceof String failure) {
			return new TokenAndReservation(reply.decision(), null, failure, false);
		}
		return new TokenAndReservation(reply.decision(), ReserveSeatsScript.reservation(reserved), null, false);
	}

	/**
	 * @param limiter a limiter
	 * @return true when {@link #reserveAfterToken} can use its buckets: it and this gate share one connection to one
	 * Valkey node
	 */
	public boolean reservesAfterTokensOf(RateLimiter limiter) {
		return limiter.guardsScriptsOn(this.connection);
	}

	/**
	 * SETTLE (or RELEASE) one booking and wait for the answer. Idempotent per booking id for CONFIRMED and REJECTED.
	 * A lease's user gets its seats back on REJECTED and RELEASED; a lease-less CONFIRMED adds its seats to no user
	 * (use {@link #settleAsync} with the user id for that).
	 * @param eventId the event
	 * @param bookingId the booking
	 * @param outcome what Postgres decided, or RELEASED when it never reached Postgres
	 * @param seats seats the booking asked for
	 * @return what changed
	 * @throws ValkeyUnavailableException when the gate's Valkey cannot answer in time
	 */
	public SettleResult settle(long eventId, UUID bookingId, LeaseOutcome outcome, int seats) {
		return this.settleScript.settle(this.connection, this.keys.event(eventId), bookingId, null, outcome, seats,
				this.properties.settledTtl());
	}

	/**
	 * SETTLE without waiting, so that a batch of settles is pipelined on the one connection. A lease-less CONFIRMED
	 * or OFFERED adds the booking's seats to its user's count (OFFERED without taking them from the counter).
	 * @param eventId the event
	 * @param bookingId the booking
	 * @param userId the booking's user
	 * @param outcome what Postgres decided
	 * @param seats seats the booking asked for
	 * @return what changed; completes exceptionally with a Lettuce exception when Valkey fails
	 */
	public CompletionStage<SettleResult> settleAsync(long eventId, UUID bookingId, long userId, LeaseOutcome outcome,
			int seats) {
		return this.settleScript.settleAsync(this.connection, this.keys.event(eventId), bookingId, userId, outcome,
				seats, this.properties.settledTtl());
	}

	/**
	 * RETURN without waiting: gives the seats of bookings of one event that ended after taking them (expired holds)
	 * back to the counter, in one script call for all of them. Idempotent per booking id for as long as the gate
	 * remembers settles; a booking a RECONCILE already counted as free (it read Postgres after the booking ended) is
	 * skipped, and so is one that ended more than {@link #RETURN_DEADLINE} ago (Valkey's clock against Postgres's:
	 * they must agree within the {@link #returnWindow()} less the deadline). A missing counter is not created.
	 * @param eventId the event
	 * @param bookings its ended bookings; keep a call to a few thousand (one script run blocks Valkey ~1 µs a booking)
	 * @return what changed; completes exceptionally with a Lettuce exception when Valkey fails
	 * @throws ValkeyUnavailableException when no connection can be made now
	 */
	public CompletionStage<ReturnResult> returnSeatsAsync(long eventId, List<ReturnedBooking> bookings) {
		return this.returnScript.returnAsync(this.connection, this.keys.event(eventId), bookings,
				this.properties.settledTtl(), RETURN_DEADLINE);
	}

	/**
	 * Which bookings a RECONCILE marks as returned: those that ended within this time, twice the
	 * {@link #RETURN_DEADLINE}, so that a RETURN still within its deadline never counts seats a reconcile counted,
	 * while the ids a reconcile passes stay those of the last two minutes, not of every hold that ever expired.
	 * @return the window, 2 min
	 */
	public Duration returnWindow() {
		return RETURN_DEADLINE.multipliedBy(2);
	}

	/**
	 * The seats the gate may still hand out for an event. A counter that is not a whole number (no script writes one)
	 * is reported as unknown, like a missing one: the reconciler's next RECONCILE replaces it.
	 * @param eventId the event
	 * @return the counter, or empty when it is not loaded or not a whole number
	 * @throws ValkeyUnavailableException when the gate's Valkey cannot answer in time
	 */
	public OptionalLong available(long eventId) {
		return counter(call(() -> this.connection.sync().get(this.keys.event(eventId).available())));
	}

	/**
	 * The seats the gate may still hand out for many events, read in one pipelined round trip (one GET per event on
	 * the one connection, so the keys may live on different cluster slots). Counters that are missing or not whole
	 * numbers are reported as unknown, as by {@link #available(long)}.
	 * @param eventIds the events
	 * @return each event's counter, in the order of {@code eventIds}; empty where unknown
	 * @throws ValkeyUnavailableException when the gate's Valkey cannot answer in time
	 */
	public List<OptionalLong> available(List<Long> eventIds) {
		if (eventIds.isEmpty()) {
			return List.of();
		}
		return call(() -> {
			RedisClusterAsyncCommands<String, String> commands = this.connection.async();
			List<RedisFuture<String>> replies = new ArrayList<>(eventIds.size());
			for (long eventId : eventIds) {
				replies.add(commands.get(this.keys.event(eventId).available()));
			}
			List<OptionalLong> counters = new ArrayList<>(replies.size());
			for (RedisFuture<String> reply : replies) {
				counters.add(counter(ValkeyConnection.await(reply)));
			}
			return counters;
		});
	}

	private static OptionalLong counter(@Nullable String value) {
		if (value == null) {
			return OptionalLong.empty();
		}
		try {
			return OptionalLong.of(Long.parseLong(value));
		}
		catch (NumberFormatException ex) {
			return OptionalLong.empty();
		}
	}

	/**
	 * Reads an event's version, then its leases, for a reconcile that follows a read of Postgres. Lease entries that
	 * do not parse are returned apart, never thrown on: one corrupt entry must not stop the event's reconcile.
	 * <p>
	 * The leases are read in chunks of {@value #LEASES_PER_SCAN} ({@code HSCAN}), each its own command, so that an
	 * event with hundreds of thousands of leases never blocks Valkey for long nor needs one reply of megabytes within
	 * the command timeout. The read is therefore not atomic: a lease reserved or settled while it runs may be missing
	 * or present (every lease present throughout is returned). RECONCILE's compare-and-set does not depend on it: its
	 * script counts every live lease through the event's leased total, and a lease missing here is only not asked
	 * about in Postgres, so it stays counted, which can hold seats back until a later pass but never admits more than
	 * the truth.
	 * @param eventId the event
	 * @return the version, the live leases, and the entries that do not parse
	 * @throws ValkeyUnavailableException when the gate's Valkey cannot answer in time
	 */
	public GateSnapshot snapshot(long eventId) {
		ValkeyKeys.EventKeys eventKeys = this.keys.event(eventId);
		return call(() -> {
			RedisClusterCommands<String, String> commands = this.connection.sync();
			String version = commands.get(eventKeys.version());
			Map<UUID, Integer> leases = new HashMap<>();
			Map<String, String> unparseable = new HashMap<>();
			ScanIterator<KeyValue<String, String>> entries = ScanIterator.hscan(commands, eventKeys.leases(),
					ScanArgs.Builder.limit(LEASES_PER_SCAN));
			while (entries.hasNext()) {
				KeyValue<String, String> entry = entries.next();
				UUID bookingId = LeaseEntries.bookingId(entry.getKey());
				Integer seats = LeaseEntries.seats(entry.getValue());
				if (bookingId != null && seats != null) {
					leases.put(bookingId, seats);
				}
				else {
					unparseable.put(entry.getKey(), entry.getValue());
				}
			}
			return new GateSnapshot((version != null) ? Long.parseLong(version) : 0, leases, unparseable);
		});
	}

	/**
	 * An event's settle version alone, for a compare-and-set whose leases were read before (see {@link #snapshot}).
	 * @param eventId the event
	 * @return the version; 0 before the first settle
	 * @throws ValkeyUnavailableException when the gate's Valkey cannot answer in time
	 */
	public long version(long eventId) {
		String version = call(() -> this.connection.sync().get(this.keys.event(eventId).version()));
		return (version != null) ? Long.parseLong(version) : 0;
	}

	/**
	 * The seats some leases hold, in one {@code HMGET}.
	 * @param eventId the event
	 * @param bookingIds the leases' bookings
	 * @return seats by booking id, for the leases that exist and parse
	 * @throws ValkeyUnavailableException when the gate's Valkey cannot answer in time
	 */
	public Map<UUID, Integer> leaseSeats(long eventId, Collection<UUID> bookingIds) {
		Map<UUID, Integer> leases = new HashMap<>();
		if (bookingIds.isEmpty()) {
			return leases;
		}
		String[] fields = bookingIds.stream().map(UUID::toString).toArray(String[]::new);
		call(() -> this.connection.sync().hmget(this.keys.event(eventId).leases(), fields)).forEach((entry) -> {
			Integer seats = entry.hasValue() ? LeaseEntries.seats(entry.getValue()) : null;
			if (seats != null) {
				leases.put(UUID.fromString(entry.getKey()), seats);
			}
		});
		return leases;
	}

	/**
	 * The users some leases were taken for, in one {@code HMGET} of the event's lease users.
	 * @param eventId the event
	 * @param bookingIds the leases' bookings
	 * @return user id by booking id, for the leases taken for a user whose entry parses
	 * @throws ValkeyUnavailableException when the gate's Valkey cannot answer in time
	 */
	public Map<UUID, Long> leaseUsers(long eventId, Collection<UUID> bookingIds) {
		Map<UUID, Long> users = new HashMap<>();
		if (bookingIds.isEmpty()) {
			return users;
		}
		String[] fields = bookingIds.stream().map(UUID::toString).toArray(String[]::new);
		call(() -> this.connection.sync().hmget(this.keys.event(eventId).leaseUsers(), fields)).forEach((entry) -> {
			if (entry.hasValue() && entry.getValue().matches("\\d{1,18}")) {
				users.put(UUID.fromString(entry.getKey()), Long.parseLong(entry.getValue()));
			}
		});
		return users;
	}

	/**
	 * Probes many events' gates at once, pipelined on the one connection: whether each counter exists and how many
	 * leases each holds. Two plain commands per event and no script, so a reconcile pass can afford it for every event
	 * on sale.
	 * @param eventIds the events
	 * @return each event's activity, by event id
	 * @throws ValkeyUnavailableException when the gate's Valkey cannot answer in time
	 */
	public Map<Long, GateActivity> activity(Collection<Long> eventIds) {
		return call(() -> {
			RedisClusterAsyncCommands<String, String> commands = this.connection.async();
			Map<Long, RedisFuture<Long>> counters = new HashMap<>();
			Map<Long, RedisFuture<Long>> leases = new HashMap<>();
			for (long eventId : eventIds) {
				ValkeyKeys.EventKeys eventKeys = this.keys.event(eventId);
				counters.put(eventId, commands.exists(eventKeys.available()));
				leases.put(eventId, commands.hlen(eventKeys.leases()));
			}
			Map<Long, GateActivity> activity = new HashMap<>();
			counters.forEach((eventId, counter) -> activity.put(eventId,
					new GateActivity(ValkeyConnection.await(counter) > 0, ValkeyConnection.await(leases.get(eventId)))));
			return activity;
		});
	}

	/**
	 * Bookings of an event whose lease has expired by Valkey's clock.
	 * @param eventId the event
	 * @param limit the most to return
	 * @return booking ids, those an earlier version's RESERVE took first, then this version's, each oldest expiry
	 * first; members that are not booking ids are left out (RECONCILE removes them with their lease entry)
	 */
	public List<UUID> expiredLeases(long eventId, int limit) {
		return call(() -> {
			RedisClusterCommands<String, String> commands = this.connection.sync();
			long nowMs = serverTimeMs(commands);
			ValkeyKeys.EventKeys eventKeys = this.keys.event(eventId);
			List<String> expired = new ArrayList<>(commands.zrangebyscore(eventKeys.legacyLeaseExpiry(),
					Range.create(0, nowMs), io.lettuce.core.Limit.create(0, limit)));
			if (expired.size() < limit) {
				expired.addAll(commands.zrangebyscore(eventKeys.leaseExpiry(), Range.create(0, nowMs),
						io.lettuce.core.Limit.create(0, limit - expired.size())));
			}
			return expired.stream().map(LeaseEntries::bookingId).filter(java.util.Objects::nonNull).toList();
		});
	}

	/**
	 * Bookings of an event whose lease was taken at least {@code age} ago by Valkey's clock: its expiry is at most now +
	 * this gate's lease TTL − {@code age} (the TTL must be the one RESERVE used, {@code minitickets.gate.lease-ttl}).
	 * One {@code ZRANGEBYSCORE} over each of the event's two expiry sets (this version's leases and those an earlier
	 * version's RESERVE took); members that are not booking ids are left out.
	 * @param eventId the event
	 * @param age the least age of the leases returned; zero returns every lease
	 * @return booking ids
	 * @throws ValkeyUnavailableException when the gate's Valkey cannot answer in time
	 */
	public Set<UUID> leasesOlderThan(long eventId, Duration age) {
		return call(() -> {
			RedisClusterCommands<String, String> commands = this.connection.sync();
			long latestExpiry = serverTimeMs(commands) + this.properties.leaseTtl().toMillis() - age.toMillis();
			ValkeyKeys.EventKeys eventKeys = this.keys.event(eventId);
			return java.util.stream.Stream
				.concat(commands.zrangebyscore(eventKeys.leaseExpiry(), Range.create(0, latestExpiry)).stream(),
						commands.zrangebyscore(eventKeys.legacyLeaseExpiry(), Range.create(0, latestExpiry)).stream())
				.map(LeaseEntries::bookingId)
				.filter(java.util.Objects::nonNull)
				.collect(Collectors.toSet());
		});
	}

	private static long serverTimeMs(RedisClusterCommands<String, String> commands) {
		List<String> time = commands.time();
		return Long.parseLong(time.get(0)) * 1000 + Long.parseLong(time.get(1)) / 1000;
	}

	/**
	 * RECONCILE: sets the counter to {@code capacityLeft − live leases not in Postgres} unless a settle happened since
	 * {@link #snapshot}. Loads a missing (or unreadable) counter the same way. The live leases' seats come from the
	 * event's running total, which RESERVE and SETTLE keep, less the seats of the {@code leasedAndConfirmed} leases
	 * still present: the cost grows with the ids passed, not with the event's leases. A total that is missing (state
	 * from before it existed) or cannot be right is recounted first, in chunks outside any script
	 * ({@link LeasedTotalRecount}: {@code HSCAN}, then a compare-and-set), and the script called again; a recount that
	 * a reserve or settle raced with writes nothing, and the result is STALE. Lease entries given as unparseable that
	 * still do not parse are moved to the event's quarantine hash, not counted.
	 * @param eventId the event
	 * @param snapshotVersion the version from a {@link #snapshot} taken before Postgres was read
	 * @param capacityLeft capacity − seats confirmed, read from Postgres after the snapshot
	 * @param leasedAndConfirmed leased bookings that Postgres has confirmed, read in the same statement as
	 * {@code capacityLeft}; never rejected ones: their REJECTED settle still gives their seats back
	 * @param unparseable the fields of lease entries read that do not parse ({@link GateSnapshot#unparseable}'s keys)
	 * @return what was done; STALE means retry on a later pass
	 * @throws ValkeyUnavailableException when the gate's Valkey cannot answer in time, or answers with an error
	 */
	public ReconcileResult reconcile(long eventId, long snapshotVersion, long capacityLeft,
			Collection<UUID> leasedAndConfirmed, Collection<String> unparseable) {
		return reconcile(eventId, snapshotVersion, capacityLeft, leasedAndConfirmed, List.of(), unparseable);
	}

	/**
	 * RECONCILE as {@link #reconcile(long, long, long, Collection, Collection)}, and, unless the result is STALE,
	 * marks {@code ended} as returned: their seats are free in {@code capacityLeft}, so a RETURN of theirs that
	 * arrives after this call changes nothing (their seats would otherwise count twice).
	 * @param eventId the event
	 * @param snapshotVersion the version from a {@link #snapshot} taken before Postgres was read
	 * @param capacityLeft capacity − seats taken (HELD + CONFIRMED), read from Postgres after the snapshot
	 * @param leasedAndConfirmed leased bookings that took their seats in Postgres, read in the same statement as
	 * {@code capacityLeft}; never rejected ones: their REJECTED settle still gives their seats back
	 * @param ended bookings that ended after taking seats within the {@link #returnWindow()}, read in the same
	 * statement as {@code capacityLeft}
	 * @param unparseable the fields of lease entries read that do not parse ({@link GateSnapshot#unparseable}'s keys)
	 * @return what was done; STALE means retry on a later pass
	 * @throws ValkeyUnavailableException when the gate's Valkey cannot answer in time, or answers with an error
	 */
	public ReconcileResult reconcile(long eventId, long snapshotVersion, long capacityLeft,
			Collection<UUID> leasedAndConfirmed, Collection<UUID> ended, Collection<String> unparseable) {
		ValkeyKeys.EventKeys eventKeys = this.keys.event(eventId);
		Duration remember = this.properties.settledTtl();
		Optional<ReconcileResult> result = this.reconcileScript.reconcile(this.connection, eventKeys, snapshotVersion,
				capacityLeft, leasedAndConfirmed, ended, remember, unparseable);
		if (result.isPresent()) {
			return result.get();
		}
		boolean recounted = call(() -> {
			String marker = this.recount.begin(this.connection, eventKeys);
			return this.recount.finish(this.connection, eventKeys, marker, this.recount.sum(this.connection, eventKeys));
		});
		if (recounted) {
			result = this.reconcileScript.reconcile(this.connection, eventKeys, snapshotVersion, capacityLeft,
					leasedAndConfirmed, ended, remember, List.of());
		}
		return result.orElseGet(() -> new ReconcileResult(ReconcileResult.Kind.STALE, -1, -1, 0));
	}

	/**
	 * Loads the counter of a new event that has no leases and no confirmed seats.
	 * @param eventId the event
	 * @param capacity its capacity in seats
	 * @return what was done
	 */
	public ReconcileResult load(long eventId, long capacity) {
		GateSnapshot snapshot = snapshot(eventId);
		return reconcile(eventId, snapshot.version(), capacity, List.of(), snapshot.unparseable().keySet());
	}

	private <T> T call(java.util.function.Supplier<T> command) {
		try {
			return command.get();
		}
		catch (RedisException ex) {
			throw new ValkeyUnavailableException("Valkey (" + this.connection.name() + ") failed", ex);
		}
	}

}
