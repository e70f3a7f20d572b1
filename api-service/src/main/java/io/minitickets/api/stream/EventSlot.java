package io.minitickets.api.stream;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import org.jspecify.annotations.Nullable;

/**
 * What one open stream writes. It holds at most one event not yet written: a newer event replaces it (the client gets
 * the latest state, whose id says all it needs), and a heartbeat only fills an empty slot; so a slow client costs one
 * event and its socket's buffers, never a growing queue. Writes never block: an event is written only while the
 * {@link Sink} is ready for it (non-blocking socket I/O), by whichever thread offered it or, when the client was slow,
 * by the container's thread that finds the connection writable again ({@link #writable()}); one writer at a time. A
 * write that fails (the client went away) closes the stream, and so does a client that took nothing for a heartbeat
 * period ({@link #heartbeat}); the client resumes with {@code Last-Event-ID}. Events offered before the stream's
 * connection is {@link #attach attached} wait in the slot.
 */
public final class EventSlot {

	/** The heartbeat's comment, encoded once for every stream. */
	private static final byte[] HEARTBEAT_LINE = ":heartbeat\n\n".getBytes(StandardCharsets.US_ASCII);

	/** The heartbeat, one instance for every stream. */
	private static final Outgoing HEARTBEAT = new Outgoing(HEARTBEAT_LINE, false);

	private final AtomicReference<@Nullable Outgoing> next = new AtomicReference<>();

	/** Requests to write: the thread that raises it from zero writes, until no request came meanwhile. */
	private final AtomicInteger wanted = new AtomicInteger();

	private volatile @Nullable Sink sink;

	/** {@link System#nanoTime()} when the last event was written. */
	private volatile long written = System.nanoTime();

	/** True while the connection holds bytes the client has not taken. */
	private volatile boolean blocked;

	/** {@link System#nanoTime()} when the connection last refused a write, while {@link #blocked}. */
	private volatile long blockedSince;

	/** True once the client is dropped for taking nothing: the writer closes the stream. */
	private volatile boolean dropped;

	// touched by the writer only (one at a time, ordered by wanted)
	private boolean unflushed;

	private boolean closing;

	private boolean closed;

	/**
	 * Gives the slot its connection and writes what waits.
	 * @param sink the stream's connection
	 */
	public void attach(Sink sink) {
		this.sink = sink;
		drain();
	}

	/**
	 * Puts an event in the slot, replacing one not written yet.
	 * @param frame the event, encoded ({@link SseFrames#event})
	 * @param last true to close the stream after it
	 */
	public void send(byte[] frame, boolean last) {
		this.next.set(new Outgoing(frame, last));
		drain();
	}

	/**
	 * Closes the stream after what is waiting, never instead of it: a final event offered twice before it is written
	 * must still reach the client.
	 */
	public void closeAfterWaiting() {
		this.next.updateAndGet((waiting) -> new Outgoing((waiting != null) ? waiting.frame() : null, true));
		drain();
	}

	/**
	 * Writes a heartbeat comment unless an event is waiting to be written or one was written since
	 * {@code writtenSince}: a stream that gets events needs no heartbeat. A client that has not taken what was written
	 * to it since before {@code writtenSince} is dropped instead: the stream is closed (it resumes with
	 * {@code Last-Event-ID} when it reads again).
	 * @param writtenSince a {@link System#nanoTime()}
	 */
	public void heartbeat(long writtenSince) {
		if (this.blocked && this.blockedSince - writtenSince < 0) {
			this.dropped = true;
			drain();
			return;
		}
		if (this.written - writtenSince > 0) {
			return;
		}
		if (this.next.compareAndSet(null, HEARTBEAT)) {
			drain();
		}
	}

	/**
	 * The connection can take more: writes what waits (the container's call once a write it held back went out).
	 */
	public void writable() {
		drain();
	}

	private void drain() {
		if (this.wanted.getAndIncrement() != 0) {
			return; // the writer at work makes another pass
		}
		int requests = 1;
		do {
			writeWhileReady();
			requests = this.wanted.addAndGet(-requests);
		}
		while (requests != 0);
	}

	private void writeWhileReady() {
		Sink sink = this.sink;
		if (sink == null || this.closed) {
			return;
		}
		try {
			while (true) {
				if (this.dropped) {
					throw new IllegalStateException("the client took nothing for a heartbeat period");
				}
				if (!this.unflushed && !this.closing && this.next.get() == null) {
					return; // nothing to write: the connection is not asked whether it could take it
				}
				if (!sink.isReady()) {
					if (!this.blocked) {
						this.blockedSince = System.nanoTime();
						this.blocked = true;
					}
					return; // writable() comes once it can
				}
				this.blocked = false;
				if (this.unflushed) {
					this.unflushed = false;
					sink.flush();
					this.written = System.nanoTime();
					continue;
				}
				if (this.closing) {
					this.closed = true;
					sink.close();
					return;
				}
				Outgoing outgoing = this.next.getAndSet(null);
				if (outgoing == null) {
					return;
				}
				if (outgoing.frame() != null) {
					sink.write(outgoing.frame());
					this.unflushed = true;
				}
				this.closing = outgoing.last();
			}
		}
		catch (IOException | IllegalStateException ex) {
			// the client went away or was dropped, or the stream is closed already
			this.closed = true;
			this.next.set(null);
			sink.close();
		}
	}

	/**
	 * A stream's connection, written without blocking.
	 */
	public interface Sink {

		/**
		 * @return true when a write or flush may be made now; false when the connection holds unwritten bytes, in which
		 * case {@link EventSlot#writable()} is called once it has written them
		 */
		boolean isReady();

		/**
		 * @param frame bytes to write (buffered until {@link #flush()})
		 * @throws IOException when the connection broke
		 */
		void write(byte[] frame) throws IOException;

		/**
		 * Sends what was written.
		 * @throws IOException when the connection broke
		 */
		void flush() throws IOException;

		/**
		 * Ends the stream (its connection is closed: the response body ends there); the stream's resources are freed.
		 * Called once.
		 */
		void close();

	}

	/**
	 * An event to write.
	 *
	 * @param frame the encoded event, or null for none (only closing)
	 * @param last true to close the stream after it
	 */
	private record Outgoing(byte @Nullable [] frame, boolean last) {
	}

}
