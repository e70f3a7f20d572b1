package io.minitickets.api.stream;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Server-Sent Events frames, encoded once and written as bytes: {@code id:<id>}, {@code event:<name>} and
 * {@code data:<json>} lines and a blank line, as Spring's {@code SseEmitter} wrote them.
 */
public final class SseFrames {

	private static final byte[] ID = "id:".getBytes(StandardCharsets.US_ASCII);

	private static final byte[] EVENT = "\nevent:".getBytes(StandardCharsets.US_ASCII);

	private static final byte[] DATA = "\ndata:".getBytes(StandardCharsets.US_ASCII);

	private static final byte[] END = "\n\n".getBytes(StandardCharsets.US_ASCII);

	private SseFrames() {
	}

	/**
	 * @param id the event's id (no line break)
	 * @param name the event's name (no line break)
	 * @param json its data, JSON on one line (as a JSON encoder writes it: line breaks in strings are escaped)
	 * @return the frame
	 */
	public static byte[] event(String id, String name, byte[] json) {
		ByteArrayOutputStream frame = new ByteArrayOutputStream(32 + id.length() + name.length() + json.length);
		frame.writeBytes(ID);
		frame.writeBytes(id.getBytes(StandardCharsets.UTF_8));
		frame.writeBytes(EVENT);
		frame.writeBytes(name.getBytes(StandardCharsets.UTF_8));
		frame.writeBytes(DATA);
		frame.writeBytes(json);
		frame.writeBytes(END);
		return frame.toByteArray();
	}

}
