package io.minitickets.core.waitingroom;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Future;
import java.util.function.Supplier;

import io.lettuce.core.Range;
import io.lettuce.core.RedisException;
import io.lettuce.core.ScriptOutputType;
import io.minitickets.core.valkey.LuaScript;
import io.minitickets.core.valkey.ValkeyConnection;
import io.minitickets.core.valkey.ValkeyKeys;
import io.minitickets.core.valkey.ValkeyKeys.WaitingRoomKeys;
import io.minitickets.core.valkey.ValkeyUnavailableException;
import org.jspecify.annotations.Nullable;

/**
 * The waiting rooms' places in Valkey ({@link ValkeyKeys#waitingRoom}): every call touches one event's keys only, under
 * its hash tag, so each runs on one node of a Valkey Cluster. Every method throws {@link ValkeyUnavailableException}
 * when Valkey is unreachable or slower than the command timeout.
 */
public final class WaitingRoomQueue {

	private final LuaScript joinScript = LuaScript.load("waiting-room-join.lua");

	private final LuaScript placeScript = LuaScript.load("waiting-room-place.lua");

	private final LuaScript openScript = LuaScript.load("waiting-room-open.lua");

	private final LuaScript drawScript = LuaScript.load("waiting-room-draw.lua");

	private final LuaScript admitScript = LuaScript.load("waiting-room-admit.lua");

	private final LuaScript leaseScript = LuaScript.load("waiting-room-lease.lua");

	private final LuaScript statusScript = LuaScript.load("waiting-room-status.lua");

	private final ValkeyConnection connection;

	private final ValkeyKeys keys;

	private volatile @Nullable PlaceKeys lastPlaceKeys;

	/**
	 * @param connection where the places live
	 * @param keys the key schema
	 */
	public WaitingRoomQueue(ValkeyConnection connection, ValkeyKeys keys) {
		this.connection = connection;
		this.keys = keys;
	}

	/**
	 * Takes a place for an account, or finds the one it has (one place per account per event).
	 * @param eventId the event
	 * @param userId the account
	 * @param newPlaceId the id the place gets if this join takes it
	 * @param saleOpen true once the sale has opened: the place then comes after the pre-queue, in arrival order
	 * @return the account's place
	 */
	public JoinedPlace join(long eventId, long userId, UUID newPlaceId, boolean saleOpen) {
		WaitingRoomKeys k = this.keys.waitingRoom(eventId);
		List<Object> reply = this.joinScript.execute(this.connection, ScriptOutputType.MULTI,
				new String[] { k.places(), k.users(), k.owners(), k.seq(), k.meta(), k.seen() }, Long.toString(userId),
				newPlaceId.toString(), saleOpen ? "1" : "0");
		return new JoinedPlace(UUID.fromString((String) reply.get(0)), ((Long) reply.get(1)) == 1);
	}

	/**
	 * The place an account has in an event's waiting room, without taking one.
	 * @param eventId the event
	 * @param userId the account
	 * @return its place, or empty when it has none (never joined, or its place was dropped as abandoned)
	 */
	public Optional<UUID> placeOf(long eventId, long userId) {
		String placeId = write("read an account's place in",
				() -> this.connection.async().hget(this.keys.waitingRoom(eventId).users(), Long.toString(userId)));
		return Optional.ofNullable(placeId).map(UUID::fromString);
	}

	/**
	 * Reads a place; a place still waiting is seen now (its owner's read restarts its abandonment clock).
	 * @param eventId the event
	 * @param placeId a place
	 * @return the place now, or empty when the event has no such place
	 */
	public Optional<PlaceReading> place(long eventId, UUID placeId) {
		List<Object> reply = this.placeScript.execute(this.connection, ScriptOutputType.MULTI,
				placeKeys(eventId).keys(), placeId.toString());
		if (reply.isEmpty()) {
			return Optional.empty();
		}
		PlaceState state = PlaceState.valueOf((String) reply.get(1));
		long ahead = (Long) reply.get(2);
		long admittedUntil = (Long) reply.get(3);
		return Optional.of(new PlaceReading(Long.parseLong((String) reply.get(0)), state,
				(state == PlaceState.WAITING) ? ahead : null,
				(state == PlaceState.ADMITTED) ? Instant.ofEpochMilli(admittedUntil) : null, (Long) reply.get(4),
				((Long) reply.get(5)) == 1, ((Long) reply.get(6)) == 1));
	}

	/** The keys of a place's read, built once for the event read last (every waiting customer reads the same). */
	private PlaceKeys placeKeys(long eventId) {
		PlaceKeys last = this.lastPlaceKeys;
		if (last != null && last.eventId() == eventId) {
			return last;
		}
		WaitingRoomKeys k = this.keys.waitingRoom(eventId);
		PlaceKeys built = new PlaceKeys(eventId, new String[] { k.places(), k.owners(), k.admitted(), k.meta(),
				k.seen(), k.dropped(), this.keys.event(eventId).available() });
		this.lastPlaceKeys = built;
		return built;
	}

	/** The keys of an event's place reads, in the order of the script's KEYS; never modified once built. */
	private record PlaceKeys(long eventId, String[] keys) {
	}

	/**
	 * Closes the pre-queue at the opening, once; later calls read it.
	 * @param eventId the event, whose sale has opened
	 * @return the pre-queue's cutoff and whether its draw is done
	 */
	public Opening open(long eventId) {
		WaitingRoomKeys k = this.keys.waitingRoom(eventId);
		List<Object> reply = this.openScript.execute(this.connection, ScriptOutputType.MULTI,
				new String[] { k.seq(), k.meta() });
		return new Opening((Long) reply.get(0), ((Long) reply.get(1)) == 1);
	}

	/**
	 * @param eventId the event
	 * @param opening its closed pre-queue
	 * @return the pre-queue's places in arrival order (the draw's input)
	 */
	public List<UUID> preQueue(long eventId, Opening opening) {
		if (opening.cutoff() == 0) {
			return List.of();
		}
		try {
			List<String> ids = ValkeyConnection.await(this.connection.async()
				.zrangebyscore(this.keys.waitingRoom(eventId).places(), Range.create(1, opening.cutoff())));
			List<UUID> places = new ArrayList<>(ids.size());
			ids.forEach((id) -> places.add(UUID.fromString(id)));
			return places;
		}
		catch (RedisException ex) {
			throw new ValkeyUnavailableException("Valkey (" + this.connection.name() + ") failed to read a pre-queue",
					ex);
		}
	}

	/**
	 * Applies the opening's draw, once.
	 * @param eventId the event
	 * @param draw the pre-queue in its drawn order, with its commitment
	 * @return 1 applied, 0 drawn before (nothing changed), -1 the places are not the closed pre-queue (nothing
	 * changed; read it again)
	 */
	public long applyDraw(long eventId, QueueDraw.Draw draw) {
		WaitingRoomKeys k = this.keys.waitingRoom(eventId);
		String[] args = new String[draw.order().size() + 1];
		args[0] = draw.commitment();
		for (int i = 0; i < draw.order().size(); i++) {
			args[i + 1] = draw.order().get(i).toString();
		}
		return this.drawScript.execute(this.connection, ScriptOutputType.INTEGER,
				new String[] { k.places(), k.meta() }, args);
	}

	/**
	 * Admits the first places in order, at most {@code perSecond} a second by Valkey's clock whoever calls; places are
	 * never dropped as abandoned.
	 * @param eventId the event
	 * @param perSecond admissions per second, at least 1
	 * @param admittedFor how long an admission lasts
	 * @return what was admitted
	 */
	public AdmittedPlaces admit(long eventId, int perSecond, Duration admittedFor) {
		return admit(eventId, perSecond, admittedFor, Duration.ZERO);
	}

	/**
	 * Admits the first places in order, at most {@code perSecond} a second by Valkey's clock whoever calls, unless an
	 * operator paused the room or the gate's counter says sold out. A place coming up whose owner has not joined or
	 * read it for {@code abandonAfter} is dropped in the same script, and its admission goes to the next place.
	 * @param eventId the event
	 * @param perSecond admissions per second, at least 1
	 * @param admittedFor how long an admission lasts
	 * @param abandonAfter how long a place may go unseen before it is dropped; zero for never
	 * @return what was admitted and dropped, or why nothing was
	 */
	public AdmittedPlaces admit(long eventId, int perSecond, Duration admittedFor, Duration abandonAfter) {
		WaitingRoomKeys k = this.keys.waitingRoom(eventId);
		List<Object> reply = this.admitScript.execute(this.connection, ScriptOutputType.MULTI,
				new String[] { k.places(), k.admitted(), k.admittedCount(), k.meta(), k.admitClock(), k.seen(),
						k.dropped(), k.owners(), k.users(), this.keys.event(eventId).available() },
				Integer.toString(Math.max(1, perSecond)), Long.toString(admittedFor.toMillis()),
				Long.toString(Math.max(0, abandonAfter.toMillis())));
		long until = (Long) reply.get(0);
		List<UUID> admitted = new ArrayList<>(reply.size() - 4);
		for (int i = 4; i < reply.size(); i++) {
			admitted.add(UUID.fromString((String) reply.get(i)));
		}
		String halted = (String) reply.get(3);
		return new AdmittedPlaces(admitted, (until > 0) ? Instant.ofEpochMilli(until) : null, (Long) reply.get(1),
				(Long) reply.get(2), halted.isEmpty() ? null : halted);
	}

	/**
	 * @param eventId the event
	 * @return its room's counts and flags now (all zero for an event without places)
	 */
	public RoomStatus status(long eventId) {
		WaitingRoomKeys k = this.keys.waitingRoom(eventId);
		List<Object> reply = this.statusScript.execute(this.connection, ScriptOutputType.MULTI,
				new String[] { k.places(), k.admittedCount(), k.dropped(), k.meta(),
						this.keys.event(eventId).available() });
		return new RoomStatus((Long) reply.get(0), (Long) reply.get(1), (Long) reply.get(2), ((Long) reply.get(3)) == 1,
				((Long) reply.get(4)) == 1);
	}

	/**
	 * Pauses an event's admission (an operator's flag in the room's meta, read by every admission call).
	 * @param eventId the event
	 * @return true when this call paused it, false when it was paused already
	 */
	public boolean pause(long eventId) {
		return write("pause", () -> this.connection.async().hsetnx(this.keys.waitingRoom(eventId).meta(), "paused", "ops"))
				.equals(Boolean.TRUE);
	}

	/**
	 * Resumes an event's admission paused by {@link #pause}.
	 * @param eventId the event
	 * @return true when this call resumed it, false when it was not paused
	 */
	public boolean resume(long eventId) {
		return write("resume", () -> this.connection.async().hdel(this.keys.waitingRoom(eventId).meta(), "paused")) > 0;
	}

	private <T> T write(String what, Supplier<Future<T>> reply) {
		try {
			return ValkeyConnection.await(reply.get());
		}
		catch (RedisException ex) {
			throw new ValkeyUnavailableException("Valkey (" + this.connection.name() + ") failed to " + what
					+ " a waiting room", ex);
		}
	}

	/**
	 * Takes or renews the lease to run an event's admissions.
	 * @param eventId the event
	 * @param holder this instance's id
	 * @param length how long the lease lasts without renewal
	 * @return true when the caller holds it now
	 */
	public boolean holdLease(long eventId, String holder, Duration length) {
		long held = this.leaseScript.execute(this.connection, ScriptOutputType.INTEGER,
				new String[] { this.keys.waitingRoom(eventId).lease() }, holder, Long.toString(length.toMillis()));
		return held == 1;
	}

}
