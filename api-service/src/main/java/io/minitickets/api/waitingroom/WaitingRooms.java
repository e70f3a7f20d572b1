package io.minitickets.api.waitingroom;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;

import io.minitickets.api.event.Event;
import io.minitickets.api.event.EventCache;
import io.minitickets.api.event.WaitingRoom;
import io.minitickets.api.problem.ApiException;
import io.minitickets.api.problem.Problems;
import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.problem.ProblemTypes;
import io.minitickets.core.schema.ClosedSale;
import io.minitickets.core.security.AdmissionTokens;
import io.minitickets.core.valkey.ValkeyUnavailableException;
import io.minitickets.core.waitingroom.JoinedPlace;
import io.minitickets.core.waitingroom.PlaceReading;
import io.minitickets.core.waitingroom.PlaceState;
import io.minitickets.core.waitingroom.WaitingRoomQueue;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Service;

/**
 * Joining an event's waiting room and reading one's place. Every refusal is a problem and changes nothing; Valkey
 * unreachable is a 503 with Retry-After (the places live only there).
 */
@Service
public class WaitingRooms {

	private final EventCache events;

	private final InventoryGate gate;

	private final WaitingRoomQueue queue;

	private final AdmissionTokens tokens;

	private final WaitingRoomProperties properties;

	private final Clock clock;

	WaitingRooms(EventCache events, InventoryGate gate, WaitingRoomQueue queue, AdmissionTokens tokens,
			WaitingRoomProperties properties) {
		this.events = events;
		this.gate = gate;
		this.queue = queue;
		this.tokens = tokens;
		this.properties = properties;
		this.clock = Clock.systemUTC();
	}

	/**
	 * Takes a place for the caller, or finds the one it has: a caller with a place gets it back whatever the event's
	 * state now (a retried join is safe), and only a new place is refused.
	 * @param eventId the event
	 * @param userId the caller
	 * @return the place and whether this join took it
	 * @throws ApiException 404 no such event or it has no waiting room; 409 for a caller without a place: its sale
	 * closed ({@code sale-not-open}), sold out ({@code sold-out}; Postgres or the gate says so), before the room's
	 * {@code opensAt} ({@code queue-not-open}, with {@code queueOpensAt} and Retry-After); 503 Valkey unreachable
	 */
	public Joined join(long eventId, long userId) {
		Event event = this.events.find(eventId).orElseThrow(() -> Problems.unknownEvent(eventId));
		WaitingRoom room = enabledRoom(event);
		Instant now = this.clock.instant();
		ApiException refused = refusal(event, room, now);
		if (refused != null) {
			UUID own = valkey(() -> this.queue.placeOf(eventId, userId)).orElseThrow(() -> refused);
			PlaceReading reading = valkey(() -> this.queue.place(eventId, own)).orElseThrow(() -> refused);
			return new Joined(view(event, own, reading), false);
		}
		JoinedPlace joined = valkey(() -> this.queue.join(eventId, userId, UUID.randomUUID(), event.isSaleOpen(now)));
		PlaceReading reading = valkey(() -> this.queue.place(eventId, joined.placeId()))
			.orElseThrow(() -> Problems.unavailable("The waiting room of event " + eventId + " lost the place.", 1));
		return new Joined(view(event, joined.placeId(), reading), joined.joinedNow());
	}

	/** Why the room takes no new place now, or null when it takes one. */
	private @Nullable ApiException refusal(Event event, WaitingRoom room, Instant now) {
		long eventId = event.id();
		if (ClosedSale.isClosed(event.saleOpensAt())) {
			return new ApiException(HttpStatus.CONFLICT, ProblemTypes.SALE_NOT_OPEN, "Sale not open",
					"The sale of event " + eventId + " is closed: its waiting room takes no places.", null);
		}
		if (!room.takesPlaces(now)) {
			return new ApiException(HttpStatus.CONFLICT, ProblemTypes.QUEUE_NOT_OPEN, "Waiting room not open",
					"The waiting room of event " + eventId + " takes places from " + room.opensAt() + ".",
					Math.max(1, Duration.between(now, room.opensAt()).toSeconds()))
				.with("queueOpensAt", room.opensAt().toString());
		}
		if (soldOut(event)) {
			return new ApiException(HttpStatus.CONFLICT, ProblemTypes.SOLD_OUT, "Sold out",
					"Event " + eventId + " is sold out: its waiting room takes no more places.", null);
		}
		return null;
	}

	/**
	 * Reads the caller's place (which counts as its owner being there: see {@code abandon-after}); with a wait, answers
	 * when it is admitted or dropped, when the event becomes sold out or seats come back, when an operator pauses or
	 * resumes the room, or after {@code waitSeconds}. A read during the wait that Valkey fails (unreachable, or slower
	 * than its command timeout) is skipped, and the next one, {@code wait-poll} later, reads again.
	 * @param eventId the event
	 * @param placeId the place, as the path gives it
	 * @param userId the caller
	 * @param waitSeconds how long to wait for the admission, 0 for none (capped to {@code wait-most})
	 * @return the place
	 * @throws ApiException 404 no such event, no waiting room, no such place or not the caller's; 503 Valkey
	 * unreachable for the first read, or for every read of the wait after it
	 */
	public PlaceView place(long eventId, String placeId, long userId, long waitSeconds) {
		Event event = this.events.find(eventId).orElseThrow(() -> Problems.unknownEvent(eventId));
		if (event.waitingRoom() == null) {
			throw noRoom(eventId);
		}
		UUID id = parse(placeId, eventId);
		Instant deadline = this.clock.instant().plusSeconds(Math.min(waitSeconds, this.properties.waitMost().toSeconds()));
		PlaceReading first = read(event, id, userId);
		PlaceReading reading = first;
		boolean readSince = false;
		ValkeyUnavailableException failed = null;
		while (waits(reading, first) && this.clock.instant().isBefore(deadline)) {
			sleep(this.properties.waitPoll());
			// a read that fails is skipped, as a booking's wait skips a failed read of a change: the next one reads again
			try {
				reading = owned(event, id, userId, this.queue.place(event.id(), id));
				readSince = true;
			}
			catch (ValkeyUnavailableException ex) {
				failed = ex;
			}
		}
		if (failed != null && !readSince) {
			throw unavailable();
		}
		return view(event, id, reading);
	}

	/**
	 * @return the longest wait applied, whole seconds
	 */
	public int waitMostSeconds() {
		return (int) this.properties.waitMost().toSeconds();
	}

	private static boolean waits(PlaceReading now, PlaceReading first) {
		return (now.state() == PlaceState.WAITING || now.state() == PlaceState.PRE_QUEUE)
				&& now.soldOut() == first.soldOut() && now.paused() == first.paused();
	}

	private PlaceReading read(Event event, UUID placeId, long userId) {
		return owned(event, placeId, userId, valkey(() -> this.queue.place(event.id(), placeId)));
	}

	private static PlaceReading owned(Event event, UUID placeId, long userId, Optional<PlaceReading> reading) {
		if (reading.isEmpty() || reading.get().userId() != userId) {
			throw notYours(placeId.toString(), event.id());
		}
		return reading.get();
	}

	private PlaceView view(Event event, UUID placeId, PlaceReading reading) {
		WaitingRoom room = event.waitingRoom();
		// in auto the rate is the pipeline's, measured by the instance admitting: no ETA from the ceiling
		Integer perSecond = (room != null && WaitingRoom.FIXED.equals(room.admission().mode()))
				? room.admission().perSecond() : null;
		boolean soldOut = reading.soldOut() || event.seatsSold() >= event.capacity();
		String waitlist = soldOut ? "/api/events/" + event.id() + "/waitlist" : null;
		boolean paused = reading.paused();
		return switch (reading.state()) {
			case PRE_QUEUE -> new PlaceView(placeId, event.id(), reading.state(), null, null, null, event.saleOpensAt(),
					false, null, null, reading.waiting(), soldOut, waitlist, paused);
			case WAITING -> {
				long ahead = reading.ahead();
				// nothing is admitted while paused or sold out: any ETA would be made up
				Long eta = (perSecond != null && !soldOut && !paused) ? (ahead + perSecond) / perSecond : null;
				yield new PlaceView(placeId, event.id(), reading.state(), ahead + 1, ahead, eta, null, false, null,
						null, reading.waiting(), soldOut, waitlist, paused);
			}
			case ADMITTED, EXPIRED -> {
				Instant until = reading.admittedUntil();
				boolean lasts = until.isAfter(this.clock.instant());
				String token = lasts ? this.tokens.mint(reading.userId(), event.id(), placeId, until) : null;
				yield new PlaceView(placeId, event.id(), lasts ? PlaceState.ADMITTED : PlaceState.EXPIRED, null, null,
						null, null, true, until, token, reading.waiting(), soldOut, waitlist, paused);
			}
			case DROPPED -> new PlaceView(placeId, event.id(), reading.state(), null, null, null, null, false, null,
					null, reading.waiting(), soldOut, waitlist, paused);
		};
	}

	private boolean soldOut(Event event) {
		if (event.seatsSold() >= event.capacity()) {
			return true;
		}
		try {
			OptionalLong available = this.gate.available(event.id());
			return available.isPresent() && available.getAsLong() <= 0;
		}
		catch (ValkeyUnavailableException ex) {
			return false;
		}
	}

	private static WaitingRoom enabledRoom(Event event) {
		WaitingRoom room = event.waitingRoom();
		if (room == null || !room.enabled()) {
			throw noRoom(event.id());
		}
		return room;
	}

	private static ApiException noRoom(long eventId) {
		return Problems.notFound("Event " + eventId + " has no waiting room: book it directly.");
	}

	static ApiException notYours(String placeId, long eventId) {
		return Problems.notFound(
				"No place " + Problems.echo(placeId) + " of yours in the waiting room of event " + eventId + ".");
	}

	static UUID parse(String placeId, long eventId) {
		try {
			if (placeId.length() == 36) {
				return UUID.fromString(placeId);
			}
		}
		catch (IllegalArgumentException ex) {
			// not a place id: not found, like any other
		}
		throw notYours(placeId, eventId);
	}

	private static <T> T valkey(java.util.function.Supplier<T> call) {
		try {
			return call.get();
		}
		catch (ValkeyUnavailableException ex) {
			throw unavailable();
		}
	}

	private static ApiException unavailable() {
		return Problems.unavailable("The waiting room cannot be read right now.", 1);
	}

	private static void sleep(Duration duration) {
		try {
			Thread.sleep(duration);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw Problems.unavailable("The wait was interrupted.", 1);
		}
	}

	/**
	 * A join's answer.
	 *
	 * @param place the caller's place
	 * @param joinedNow true when this join took it (201), false when the caller had it already (200)
	 */
	public record Joined(PlaceView place, boolean joinedNow) {
	}

}
