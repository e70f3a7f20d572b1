package io.minitickets.api.booking;

import java.io.IOException;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import io.minitickets.core.status.QueuePlace;
import org.jspecify.annotations.Nullable;
import org.springframework.http.MediaType;
import org.springframework.web.servlet.mvc.method.annotation.ResponseBodyEmitter;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/**
 * One open status stream. It holds at most one event not yet written: a newer event replaces it (the client gets the
 * latest state, whose id says all it needs), and a heartbeat only fills an empty slot; so a slow client costs one
 * event and its socket's buffers, never a growing queue. A write that fails (the client went away, or Tomcat's write
 * timeout passed) closes the stream; the client resumes with {@code Last-Event-ID}.
 */
final class BookingStream {

	/** The heartbeat, one instance for every stream. */
	private static final Outgoing HEARTBEAT = new Outgoing(null, false);

	/** The heartbeat's comment line, built once and written as is. */
	private static final Set<ResponseBodyEmitter.DataWithMediaType> HEARTBEAT_LINE = SseEmitter.event()
		.comment("heartbeat")
		.build();

	private final UUID bookingId;

	private final long userId;

	private final @Nullable QueuePlace place;

	private final SseEmitter emitter;

	private final Executor writers;

	private final AtomicReference<@Nullable Outgoing> next = new AtomicReference<>();

	private final AtomicBoolean writing = new AtomicBoolean();

	private volatile @Nullable StreamEventId sent;

	private volatile @Nullable BookingView latest;

	/** {@link System#nanoTime()} when the last event was handed to the emitter. */
	private volatile long written = System.nanoTime();

	BookingStream(UUID bookingId, long userId, @Nullable QueuePlace place, SseEmitter emitter, Executor writers,
			@Nullable StreamEventId resumedFrom) {
		this.bookingId = bookingId;
		this.userId = userId;
		this.place = place;
		this.emitter = emitter;
		this.writers = writers;
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

	SseEmitter emitter() {
		return this.emitter;
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
				// close after what is waiting, never instead of it: a final event offered twice before it is
				// written (the feed's change and a stream's opening read) must still reach the client
				this.next.updateAndGet((waiting) -> new Outgoing((waiting != null) ? waiting.event() : null, true));
				drain();
			}
			return false;
		}
		this.sent = id;
		this.latest = booking;
		enqueue(new Outgoing(SseEmitter.event().id(id.toString()).name("status").data(booking,
				MediaType.APPLICATION_JSON), last));
		return true;
	}

	/**
	 * Writes a heartbeat comment unless an event is waiting to be written or one was written since
	 * {@code writtenSince}: a stream that gets events needs no heartbeat.
	 * @param writtenSince a {@link System#nanoTime()}
	 */
	void heartbeat(long writtenSince) {
		if (this.written - writtenSince > 0) {
			return;
		}
		if (this.next.compareAndSet(null, HEARTBEAT)) {
			drain();
		}
	}

	private void enqueue(Outgoing outgoing) {
		this.next.set(outgoing);
		drain();
	}

	private void drain() {
		if (!this.writing.compareAndSet(false, true)) {
			return;
		}
		this.writers.execute(() -> {
			try {
				Outgoing outgoing;
				while ((outgoing = this.next.getAndSet(null)) != null) {
					if (outgoing == HEARTBEAT) {
						this.emitter.send(HEARTBEAT_LINE);
					}
					else if (outgoing.event() != null) {
						this.emitter.send(outgoing.event());
					}
					this.written = System.nanoTime();
					if (outgoing.last()) {
						this.emitter.complete();
						return;
					}
				}
			}
			catch (IOException | IllegalStateException ex) {
				// the client went away, or the stream is closed already: the container's callbacks clean up
				this.next.set(null);
			}
			finally {
				this.writing.set(false);
			}
			if (this.next.get() != null) {
				drain();
			}
		});
	}

	/**
	 * An event to write.
	 *
	 * @param event the event, or null for none (only closing)
	 * @param last true to close the stream after it
	 */
	private record Outgoing(SseEmitter.@Nullable SseEventBuilder event, boolean last) {
	}

}
