package io.minitickets.api.booking;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.minitickets.api.stream.EventSlot;

/**
 * A stream's connection as the unit tests see it: records the ids of the events written and counts heartbeats,
 * instead of writing them to a response; {@link #ready} false plays a client that does not read.
 */
final class RecordingSink implements EventSlot.Sink {

	final List<String> sent = new CopyOnWriteArrayList<>();

	volatile int heartbeats;

	volatile boolean ready = true;

	volatile boolean completed;

	@Override
	public boolean isReady() {
		return this.ready;
	}

	@Override
	public synchronized void write(byte[] frame) {
		String text = new String(frame, StandardCharsets.UTF_8);
		if (text.startsWith(":")) {
			if (text.equals(":heartbeat\n\n")) {
				this.heartbeats++;
			}
			return;
		}
		if (text.startsWith("id:")) {
			this.sent.add(text.substring(3, text.indexOf('\n')));
		}
	}

	@Override
	public void flush() {
	}

	@Override
	public void close() {
		this.completed = true;
	}

}
