package io.minitickets.api.booking;

import java.util.UUID;

import io.minitickets.api.stream.EventSlot;
import io.minitickets.api.stream.SseFrames;
import io.minitickets.core.status.QueuePlace;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;

/**
 * One open status stream: what it sent, written through its {@link EventSlot} (one unwritten event at most), each
 * event encoded once when offered ({@code status} events, data the booking as {@link BookingView} JSON).
 */
final class BookingStream {

	private final UUID bookingId;

	private final long userId;

	/** Where its record sits; set once, by the opening read, when the stream is created without it. */
	private volatile @Nullable QueuePlace place;

	private final EventSlot slot = new EventSlot();

	private final JsonMapper json;

	private volatile @Nullable StreamEventId sent;

	private volatile @Nullable BookingView latest;

	BookingStream(UUID bookingId, long userId, @Nullable QueuePlace place, JsonMapper json,
			@Nullable StreamEventId resumedFrom) {
		this.bookingId = bookingId;
		this.userId = userId;
		this.place = place;
		this.json = json;
		this.sent = resumedFrom;
	}

	UUID bookingId() {
		return this.bookingId;
	}

	long userId() {
		return this.userId;
	}

	@Nullable QueuePlace place() {
		return this.place;
	}

	/**
	 * @param found where its record sits, found by the opening read after the stream joined those told of changes
	 */
	void placed(QueuePlace found) {
		this.place = found;
	}

	EventSlot slot() {
		return this.slot;
	}

	/**
	 * @return the booking as last offered, or null before the first
	 */
	@Nullable BookingView latest() {
		return this.latest;
	}

	/**
	 * Offers the booking as it is now: sent when it moved past what the client has, and the stream closed after it
	 * when its status is final (nothing moves it on by itself).
	 * @param booking the booking now
	 * @return true when it was news to the client
	 */
	synchronized boolean offer(BookingView booking) {
		StreamEventId id = StreamEventId.of(booking);
		boolean last = !booking.status().movesOnItsOwn();
		if (!id.after(this.sent)) {
			if (last) {
				// the feed's change and a stream's opening read may both offer the final event
				this.slot.closeAfterWaiting();
			}
			return false;
		}
		this.sent = id;
		this.latest = booking;
		this.slot.send(SseFrames.event(id.toString(), "status", this.json.writeValueAsBytes(booking)), last);
		return true;
	}

	/**
	 * Writes a heartbeat comment unless an event is waiting to be written or one was written since
	 * {@code writtenSince}.
	 * @param writtenSince a {@link System#nanoTime()}
	 */
	void heartbeat(long writtenSince) {
		this.slot.heartbeat(writtenSince);
	}

}
