package io.minitickets.core.messaging;

import java.nio.charset.StandardCharsets;
import java.util.Optional;

import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.jspecify.annotations.Nullable;

/**
 * The headers {@code ops replay} writes on every record it re-publishes, read by the worker's dead-letter recoverer.
 * Values are decimal or plain UTF-8 text, so a console consumer prints them readably.
 * <p>
 * A record is known by its <em>original coordinates</em>: the topic, partition and offset where the API first wrote
 * it. They survive any number of replays (a replay of a replay keeps them), so the worker dead-letters a record once
 * however often it is consumed, and a redrive of the dead-letter topic sees each original once.
 */
public final class ReplayHeaders {

	/** Topic where the record was first written, normally {@link BookingTopics#REQUESTED}. */
	public static final String ORIGINAL_TOPIC = "minitickets-original-topic";

	/** Partition where the record was first written, decimal. */
	public static final String ORIGINAL_PARTITION = "minitickets-original-partition";

	/** Offset where the record was first written, decimal. */
	public static final String ORIGINAL_OFFSET = "minitickets-original-offset";

	/** How many times {@code ops replay} has re-published this record, decimal, 1 for a first replay. */
	public static final String REPLAY_COUNT = "minitickets-replay-count";

	private ReplayHeaders() {
	}

	/**
	 * The original coordinates a record carries in these headers.
	 * @param headers the record's headers
	 * @return the coordinates, or empty when the record carries none (it was never replayed) or they are malformed
	 */
	public static Optional<RecordCoordinates> original(Headers headers) {
		String topic = text(headers, ORIGINAL_TOPIC);
		String partition = text(headers, ORIGINAL_PARTITION);
		String offset = text(headers, ORIGINAL_OFFSET);
		if (topic == null || partition == null || offset == null) {
			return Optional.empty();
		}
		try {
			return Optional.of(new RecordCoordinates(topic, Integer.parseInt(partition), Long.parseLong(offset)));
		}
		catch (NumberFormatException ex) {
			return Optional.empty();
		}
	}

	/**
	 * How many times a record was replayed.
	 * @param headers the record's headers
	 * @return the count in {@link #REPLAY_COUNT}, or 0 when it has none or it is malformed
	 */
	public static int replayCount(Headers headers) {
		String count = text(headers, REPLAY_COUNT);
		try {
			return (count != null) ? Math.max(0, Integer.parseInt(count)) : 0;
		}
		catch (NumberFormatException ex) {
			return 0;
		}
	}

	/**
	 * The last value of a header as UTF-8 text.
	 * @param headers the record's headers
	 * @param name the header
	 * @return its text, or null when the record has no such header or it has no value
	 */
	public static @Nullable String text(Headers headers, String name) {
		Header header = headers.lastHeader(name);
		return (header != null && header.value() != null) ? new String(header.value(), StandardCharsets.UTF_8)
				: null;
	}

	/**
	 * Where a record was written.
	 *
	 * @param topic the topic
	 * @param partition the partition
	 * @param offset the offset
	 */
	public record RecordCoordinates(String topic, int partition, long offset) {

		@Override
		public String toString() {
			return this.topic + "-" + this.partition + "@" + this.offset;
		}

	}

}
