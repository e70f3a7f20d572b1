package io.minitickets.api.booking;

import java.util.Arrays;

import io.minitickets.api.queue.QueuePosition;
import io.minitickets.core.messaging.BookingStatus;
import org.jspecify.annotations.Nullable;

/**
 * The {@code id:} of a status stream's event: {@code <rank>:<ahead>} ({@code <rank>:-} without a queue position), so
 * that a client resuming with {@code Last-Event-ID} is sent only what moved past it: a status of a higher
 * {@link io.minitickets.core.messaging.BookingStatus#rank() rank}, or a smaller position in the same one.
 *
 * @param rank the status's rank
 * @param ahead the records ahead, or null without a position
 */
record StreamEventId(int rank, @Nullable Long ahead) {

	/** The highest rank a status has: an id ranked above it names no status. */
	private static final int TOP_RANK = Arrays.stream(BookingStatus.values())
		.mapToInt(BookingStatus::rank)
		.max()
		.orElseThrow();

	/**
	 * @param booking an event's booking
	 * @return its id
	 */
	static StreamEventId of(BookingView booking) {
		QueuePosition queue = booking.queue();
		return new StreamEventId(booking.status().rank(), (queue != null) ? queue.ahead() : null);
	}

	/**
	 * @param header a {@code Last-Event-ID}, or null
	 * @return the id it names; null when absent or not one of ours, a rank above every status's included (the stream
	 * then starts afresh: resumed from such a rank it would send nothing, not even the final status)
	 */
	static @Nullable StreamEventId parse(@Nullable String header) {
		if (header == null) {
			return null;
		}
		String[] parts = header.strip().split(":", -1);
		if (parts.length != 2 || !digits(parts[0]) || parts[0].length() > 2
				|| !(parts[1].equals("-") || (digits(parts[1]) && parts[1].length() <= 18))) {
			return null;
		}
		int rank = Integer.parseInt(parts[0]);
		if (rank > TOP_RANK) {
			return null;
		}
		return new StreamEventId(rank, parts[1].equals("-") ? null : Long.valueOf(parts[1]));
	}

	private static boolean digits(String text) {
		return !text.isEmpty() && text.chars().allMatch((c) -> c >= '0' && c <= '9');
	}

	/**
	 * @param earlier the id the client has, or null
	 * @return whether this event tells the client something new: a higher rank, or a smaller position in the same rank
	 */
	boolean after(@Nullable StreamEventId earlier) {
		if (earlier == null || this.rank > earlier.rank) {
			return true;
		}
		return this.rank == earlier.rank && this.ahead != null
				&& (earlier.ahead == null || this.ahead < earlier.ahead);
	}

	@Override
	public String toString() {
		return this.rank + ":" + ((this.ahead != null) ? this.ahead : "-");
	}

}
