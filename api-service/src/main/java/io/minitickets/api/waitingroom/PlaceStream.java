package io.minitickets.api.waitingroom;

import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;

import io.minitickets.api.stream.EventSlot;
import io.minitickets.api.stream.SseFrames;
import io.minitickets.core.waitingroom.PlaceState;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;

/**
 * One open stream of a waiting-room place: a {@code place} event (data: the place as {@link PlaceView}) when its
 * state, position, {@code soldOut} or {@code paused} changed, id {@code <state>:<ahead or ->[:paused][:sold-out]},
 * written through its {@link EventSlot}; closed after a final place: ADMITTED (with its token), EXPIRED, DROPPED, or
 * sold out.
 */
final class PlaceStream {

	private final long eventId;

	private final UUID placeId;

	private final long userId;

	private final EventSlot slot = new EventSlot();

	private final JsonMapper json;

	/** True while a read of the place is under way: a slow read is not piled on. */
	private final AtomicBoolean reading = new AtomicBoolean();

	private volatile @Nullable String sent;

	PlaceStream(long eventId, UUID placeId, long userId, JsonMapper json, @Nullable String resumedFrom) {
		this.eventId = eventId;
		this.placeId = placeId;
		this.userId = userId;
		this.json = json;
		this.sent = resumedFrom;
	}

	long eventId() {
		return this.eventId;
	}

	UUID placeId() {
		return this.placeId;
	}

	long userId() {
		return this.userId;
	}

	EventSlot slot() {
		return this.slot;
	}

	/**
	 * @return true when this call may read the place (no read under way); call {@link #readDone()} after
	 */
	boolean startReading() {
		return this.reading.compareAndSet(false, true);
	}

	/**
	 * Ends the read {@link #startReading()} began.
	 */
	void readDone() {
		this.reading.set(false);
	}

	/**
	 * Offers the place as it is now: sent when it differs from what the client has (its {@code Last-Event-ID}
	 * included), the stream closed after a final place.
	 * @param place the place now
	 * @return true when it was news to the client
	 */
	synchronized boolean offer(PlaceView place) {
		String id = id(place);
		boolean last = place.state() == PlaceState.ADMITTED || place.state() == PlaceState.EXPIRED
				|| place.state() == PlaceState.DROPPED || place.soldOut();
		if (id.equals(this.sent)) {
			if (last) {
				this.slot.closeAfterWaiting();
			}
			return false;
		}
		this.sent = id;
		this.slot.send(SseFrames.event(id, "place", this.json.writeValueAsBytes(place)), last);
		return true;
	}

	/**
	 * @param place a place
	 * @return its event's id: {@code WAITING:119}, {@code WAITING:119:paused}, {@code ADMITTED:-}...
	 */
	static String id(PlaceView place) {
		return place.state() + ":" + ((place.ahead() != null) ? place.ahead() : "-") + (place.paused() ? ":paused" : "")
				+ (place.soldOut() ? ":sold-out" : "");
	}

}
