package io.minitickets.api.stream;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicBoolean;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;

/**
 * A stream's connection: the response's output stream in non-blocking mode ({@link WriteListener}) of a request put in
 * async mode by the stream route itself, and ended by completing its {@link AsyncContext} (no dispatch back into the
 * container's filter chain). Whatever ends it — the stream's last event, the client gone, a failed write, the
 * stream's timeout — runs {@code onClose} once.
 */
final class ServletSink implements EventSlot.Sink, WriteListener, AsyncListener {

	private final AsyncContext async;

	private final ServletOutputStream out;

	private final EventSlot slot;

	private final Runnable onClose;

	private final AtomicBoolean closed = new AtomicBoolean();

	private ServletSink(AsyncContext async, ServletOutputStream out, EventSlot slot, Runnable onClose) {
		this.async = async;
		this.out = out;
		this.slot = slot;
		this.onClose = onClose;
	}

	/**
	 * Puts the request in async mode and the response's output in non-blocking mode, and attaches the slot to it:
	 * the slot writes once the container says the connection is writable.
	 * @param async the request's async context, just started
	 * @param slot the stream's slot
	 * @param timeoutMillis how long the stream stays open at most
	 * @param onClose what frees the stream, run once when it ends
	 * @throws IOException when the response's output stream cannot be had
	 */
	static void attach(AsyncContext async, EventSlot slot, long timeoutMillis, Runnable onClose) throws IOException {
		async.setTimeout(timeoutMillis);
		ServletOutputStream out = async.getResponse().getOutputStream();
		ServletSink sink = new ServletSink(async, out, slot, onClose);
		async.addListener(sink);
		out.setWriteListener(sink);
		slot.attach(sink);
	}

	@Override
	public boolean isReady() {
		return !this.closed.get() && this.out.isReady();
	}

	@Override
	public void write(byte[] frame) throws IOException {
		this.out.write(frame);
	}

	@Override
	public void flush() throws IOException {
		this.out.flush();
	}

	@Override
	public void close() {
		if (this.closed.compareAndSet(false, true)) {
			try {
				this.async.complete();
			}
			catch (IllegalStateException ex) {
				// completed already (the container ended the request)
			}
			finally {
				this.onClose.run();
			}
		}
	}

	@Override
	public void onWritePossible() {
		this.slot.writable();
	}

	@Override
	public void onError(Throwable failure) {
		close();
	}

	@Override
	public void onComplete(AsyncEvent event) {
		if (this.closed.compareAndSet(false, true)) {
			this.onClose.run();
		}
	}

	@Override
	public void onTimeout(AsyncEvent event) {
		close();
	}

	@Override
	public void onError(AsyncEvent event) {
		close();
	}

	@Override
	public void onStartAsync(AsyncEvent event) {
		// started once, by the route
	}

}
