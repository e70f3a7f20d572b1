package io.minitickets.api.stream;

import java.io.IOException;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import org.jspecify.annotations.Nullable;
import org.springframework.web.servlet.mvc.method.annotation.ResponseBodyEmitter;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/**
 * What one open stream writes. It holds at most one event not yet written: a newer event replaces it (the client gets
 * the latest state, whose id says all it needs), and a heartbeat only fills an empty slot; so a slow client costs one
 * event and its socket's buffers, never a growing queue. One writer at a time, on {@code writers}. A write that fails
 * (the client went away, or Tomcat's write timeout passed) closes the stream; the client resumes with
 * {@code Last-Event-ID}.
 */
public final class EventSlot {

	/** The heartbeat, one instance for every stream. */
	private static final Outgoing HEARTBEAT = new Outgoing(null, false);

	/** The heartbeat's comment line, built once and written as is. */
	private static final Set<ResponseBodyEmitter.DataWithMediaType> HEARTBEAT_LINE = SseEmitter.event()
		.comment("heartbeat")
		.build();

	private final SseEmitter emitter;

	private final Executor writers;

	private final AtomicReference<@Nullable Outgoing> next = new AtomicReference<>();

	private final AtomicBoolean writing = new AtomicBoolean();

	/** {@link System#nanoTime()} when the last event was handed to the emitter. */
	private volatile long written = System.nanoTime();

	/**
	 * @param emitter the stream's emitter
	 * @param writers where writes run (a virtual thread each, so a slow client blocks nobody else)
	 */
	public EventSlot(SseEmitter emitter, Executor writers) {
		this.emitter = emitter;
		this.writers = writers;
	}

	/**
	 * @return the stream's emitter
	 */
	public SseEmitter emitter() {
		return this.emitter;
	}

	/**
	 * Puts an event in the slot, replacing one not written yet.
	 * @param event the event
	 * @param last true to close the stream after it
	 */
	public void send(SseEmitter.SseEventBuilder event, boolean last) {
		this.next.set(new Outgoing(event, last));
		drain();
	}

	/**
	 * Closes the stream after what is waiting, never instead of it: a final event offered twice before it is written
	 * must still reach the client.
	 */
	public void closeAfterWaiting() {
		this.next.updateAndGet((waiting) -> new Outgoing((waiting != null) ? waiting.event() : null, true));
		drain();
	}

	/**
	 * Writes a heartbeat comment unless an event is waiting to be written or one was written since
	 * {@code writtenSince}: a stream that gets events needs no heartbeat.
	 * @param writtenSince a {@link System#nanoTime()}
	 */
	public void heartbeat(long writtenSince) {
		if (this.written - writtenSince > 0) {
			return;
		}
		if (this.next.compareAndSet(null, HEARTBEAT)) {
			drain();
		}
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
