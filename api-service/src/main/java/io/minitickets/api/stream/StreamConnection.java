package io.minitickets.api.stream;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.Lock;

import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.WebConnection;
import org.apache.coyote.http11.upgrade.InternalHttpUpgradeHandler;
import org.apache.tomcat.util.net.AbstractEndpoint.Handler.SocketState;
import org.apache.tomcat.util.net.ApplicationBufferHandler;
import org.apache.tomcat.util.net.SSLSupport;
import org.apache.tomcat.util.net.SocketEvent;
import org.apache.tomcat.util.net.SocketWrapperBase;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;

/**
 * A stream's connection once its response head is sent. The stream route answers {@code 200 text/event-stream} with
 * {@code Connection: close}, so the body ends where the connection does (RFC 9112 §6.3, rule 8), and hands the socket
 * over from Tomcat's HTTP/1.1 processor to this handler through the container's upgrade mechanism
 * ({@link HttpServletRequest#upgrade}, the one WebSocket uses; the 101 it would send is replaced by the 200 before the
 * head goes out). An open stream then holds its socket and the socket's two buffers
 * ({@code minitickets.connection-buffers}), not a request, a response and their processor, which Tomcat recycles at
 * once: ~100 KB of heap per idle stream held in async mode became ~10 KB (docs/BENCHMARKS.md, "Status streams").
 *
 * <p>
 * Writes never block: the slot writes only while {@link #isReady()} (no bytes waiting in the socket's buffers), and
 * when the connection was full the container's poller calls back once it can take more ({@link SocketEvent#OPEN_WRITE},
 * then {@link EventSlot#writable()}). What the client sends is read and discarded; its end of the connection (EOF) or
 * a broken socket closes the stream. The stream's time limit is checked by the container's once-a-second timeout scan
 * of waiting connections ({@link #timeoutAsync}), which also closes every stream when the server stops. Whatever ends
 * the stream — its last event, the client gone, a failed write, its time limit, the server stopping — closes the socket
 * and runs the stream's {@code onClose} once.
 */
public final class StreamConnection implements InternalHttpUpgradeHandler, EventSlot.Sink {

	/** Where bytes a client sends on its stream are read to and dropped; its content is never looked at. */
	private static final byte[] DISCARDED = new byte[256];

	private static final Runnable NOTHING = () -> {
	};

	private final AtomicBoolean closed = new AtomicBoolean();

	private volatile @Nullable SocketWrapperBase<?> socket;

	private volatile @Nullable EventSlot slot;

	private volatile Runnable onClose = NOTHING;

	/** {@link System#currentTimeMillis()} at which the stream is closed. */
	private volatile long deadlineMillis = Long.MAX_VALUE;

	/**
	 * For the container, which creates the handler in {@link HttpServletRequest#upgrade}; {@link #open} gives it its
	 * stream.
	 */
	public StreamConnection() {
	}

	/**
	 * Answers the request with the stream's response head ({@code 200}, the content type and headers already set on
	 * {@code response}, {@code Connection: close}, {@code X-Accel-Buffering: no}), sent now, and has the container
	 * hand the connection to a new {@code StreamConnection} once the filter chain returns; the connection then attaches
	 * itself to {@code slot}.
	 * @param request the stream's request (HTTP/1.1 or 1.0)
	 * @param response its response, not committed
	 * @param slot the stream's slot
	 * @param timeoutMillis how long the stream stays open at most, ms
	 * @param onClose what frees the stream, run once when it ends (also when opening fails)
	 * @throws IOException when the head cannot be sent (the client went away)
	 * @throws ServletException when the container cannot hand the connection over
	 */
	static void open(HttpServletRequest request, HttpServletResponse response, EventSlot slot, long timeoutMillis,
			Runnable onClose) throws IOException, ServletException {
		StreamConnection connection;
		try {
			connection = request.upgrade(StreamConnection.class);
		}
		catch (ServletException | RuntimeException ex) {
			onClose.run();
			throw ex;
		}
		connection.prepare(slot, System.currentTimeMillis() + timeoutMillis, onClose);
		response.setStatus(HttpServletResponse.SC_OK);
		response.setHeader(HttpHeaders.CONNECTION, "close");
		// a proxy in front (nginx: deploy/nginx) passes each event on as it comes instead of filling its buffers first
		response.setHeader("X-Accel-Buffering", "no");
		try {
			// the head goes now: left to the container, an uncommitted response is ended with Content-Length: 0
			response.flushBuffer();
		}
		catch (IOException ex) {
			connection.close();
			throw ex;
		}
	}

	/**
	 * Gives the connection its stream, before the container hands the socket over.
	 * @param slot the stream's slot
	 * @param deadlineMillis {@link System#currentTimeMillis()} at which the stream is closed
	 * @param onClose what frees the stream, run once when it ends
	 */
	void prepare(EventSlot slot, long deadlineMillis, Runnable onClose) {
		this.slot = slot;
		this.onClose = onClose;
		this.deadlineMillis = deadlineMillis;
	}

	@Override
	public void setSocketWrapper(SocketWrapperBase<?> wrapper) {
		// The HTTP/1.1 processor's input buffer made itself the socket's read buffer handler; left there, every
		// processor Tomcat's cache did not keep would stay reachable from the open stream that last used it (~100 KB
		// each: ~11 KB per stream measured with 5,000 streams). A stream reads only to discard, without one.
		wrapper.setAppReadBufHandler(ApplicationBufferHandler.EMPTY);
		this.socket = wrapper;
	}

	@Override
	public void init(WebConnection connection) {
		EventSlot slot = this.slot;
		if (slot != null) {
			slot.attach(this);
		}
	}

	@Override
	public SocketState upgradeDispatch(SocketEvent event) {
		return switch (event) {
			case OPEN_READ -> readDiscarding();
			case OPEN_WRITE -> writable();
			default -> { // the client reset the connection, an error, the server stopping
				close();
				yield SocketState.CLOSED;
			}
		};
	}

	/** Reads what the client sent and drops it; its end of the connection closes the stream. */
	private SocketState readDiscarding() {
		SocketWrapperBase<?> socket = this.socket;
		try {
			while (!this.closed.get()) {
				int read = socket.read(false, DISCARDED, 0, DISCARDED.length);
				if (read < 0) {
					close();
				}
				else if (read == 0) {
					return SocketState.UPGRADED;
				}
			}
		}
		catch (IOException ex) {
			close();
		}
		return SocketState.CLOSED;
	}

	/** The connection took what waited in its buffers: the slot writes what it holds. */
	private SocketState writable() {
		SocketWrapperBase<?> socket = this.socket;
		try {
			if (socket.flush(false)) {
				socket.registerWriteInterest();
				return SocketState.UPGRADED;
			}
		}
		catch (IOException ex) {
			close();
			return SocketState.CLOSED;
		}
		EventSlot slot = this.slot;
		if (slot != null) {
			slot.writable();
		}
		return this.closed.get() ? SocketState.CLOSED : SocketState.UPGRADED;
	}

	@Override
	public boolean isReady() {
		if (this.closed.get()) {
			return false;
		}
		SocketWrapperBase<?> socket = this.socket;
		Lock lock = socket.getLock();
		lock.lock();
		try {
			return socket.isReadyForWrite();
		}
		finally {
			lock.unlock();
		}
	}

	@Override
	public void write(byte[] frame) throws IOException {
		SocketWrapperBase<?> socket = this.socket;
		Lock lock = socket.getLock();
		lock.lock();
		try {
			socket.write(false, frame, 0, frame.length);
		}
		finally {
			lock.unlock();
		}
	}

	@Override
	public void flush() throws IOException {
		SocketWrapperBase<?> socket = this.socket;
		Lock lock = socket.getLock();
		lock.lock();
		try {
			// bytes the socket could not take now stay in its buffers; isReady() says so and asks to be called back
			socket.flush(false);
		}
		finally {
			lock.unlock();
		}
	}

	@Override
	public void close() {
		if (this.closed.compareAndSet(false, true)) {
			try {
				SocketWrapperBase<?> socket = this.socket;
				if (socket != null) {
					socket.close();
				}
			}
			finally {
				this.onClose.run();
			}
		}
	}

	/**
	 * The container's scan of waiting connections (once a second): closes the stream past its time limit, and every
	 * stream when the server stops.
	 * @param now {@link System#currentTimeMillis()}, or a negative number when the server stops
	 */
	@Override
	public void timeoutAsync(long now) {
		if (now < 0 || now >= this.deadlineMillis) {
			close();
		}
	}

	@Override
	public void destroy() {
		close();
	}

	@Override
	public void setSslSupport(SSLSupport sslSupport) {
		// the stream neither needs nor reads the connection's TLS details
	}

	@Override
	public void pause() {
		// a stream open when the connector pauses carries on until it ends or the server stops
	}

}
