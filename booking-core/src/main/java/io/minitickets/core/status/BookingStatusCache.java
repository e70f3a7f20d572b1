package io.minitickets.core.status;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletionStage;

import io.lettuce.core.RedisException;
import io.minitickets.core.messaging.BookingStatus;
import io.minitickets.core.messaging.RejectionReason;
import io.minitickets.core.valkey.ValkeyConnection;
import io.minitickets.core.valkey.ValkeyKeys;
import io.minitickets.core.valkey.ValkeyUnavailableException;
import org.jspecify.annotations.Nullable;

/**
 * The status cache clients poll: the API writes PENDING before it publishes, the worker writes the outcome after the
 * Postgres commit. Status only moves forward. Entries expire after the configured TTL; Postgres keeps the truth.
 */
public class BookingStatusCache {

	private final ValkeyConnection connection;

	private final ValkeyKeys keys;

	private final Duration ttl;

	private final PutStatusScript script = new PutStatusScript();

	private final QueuePlaceScript places = new QueuePlaceScript();

	private final QueueAheadScript aheads = new QueueAheadScript();

	/**
	 * @param connection the status cache's Valkey
	 * @param keys the key schema
	 * @param ttl how long an entry lives
	 */
	public BookingStatusCache(ValkeyConnection connection, ValkeyKeys keys, Duration ttl) {
		this.connection = connection;
		this.keys = keys;
		this.ttl = ttl;
	}

	/**
	 * Writes a status unless one of the same or a higher {@link BookingStatus#rank() rank} is already there.
	 * @param booking the booking and its status
	 * @return true when written, false when a status of the same or a higher rank was already there
	 * @throws ValkeyUnavailableException when Valkey cannot answer in time
	 */
	public boolean put(CachedBooking booking) {
		return this.script.put(this.connection, this.keys.bookingStatus(booking.bookingId()), booking, this.ttl);
	}

	/**
	 * Writes a status without waiting, so a batch of writes is pipelined.
	 * @param booking the booking and its status
	 * @return 1 when written; completes exceptionally with a Lettuce exception when Valkey fails
	 */
	public CompletionStage<Long> putAsync(CachedBooking booking) {
		return this.script.putAsync(this.connection, this.keys.bookingStatus(booking.bookingId()), booking, this.ttl);
	}

	/**
	 * Removes a booking's entry while it is PENDING: for a booking the API did not accept after all (Kafka did not take
	 * it). A final status is kept.
	 * @param bookingId the booking
	 * @return true when removed, false when there was no entry or a final one
	 * @throws ValkeyUnavailableException when Valkey cannot answer in time
	 */
	public boolean removePending(UUID bookingId) {
		return this.script.removePending(this.connection, this.keys.bookingStatus(bookingId));
	}

	/**
	 * Records where a PENDING booking's record sits in {@code bookings.requested}, without waiting; nothing when the
	 * entry is gone or past PENDING.
	 * @param bookingId the booking
	 * @param place its record's partition and offset
	 * @return 1 when recorded, 0 when not; completes exceptionally with a Lettuce exception when Valkey fails
	 * @throws ValkeyUnavailableException when no connection can be made now
	 */
	public CompletionStage<Long> recordPlaceAsync(UUID bookingId, QueuePlace place) {
		return this.places.recordAsync(this.connection, this.keys.bookingStatus(bookingId), place);
	}

	/**
	 * Records a queue position answered for a PENDING booking unless a smaller one is recorded: whichever instance
	 * answers its next poll reads it with the entry ({@link QueuePlace#ahead()}) and answers no more.
	 * @param bookingId the booking
	 * @param measured the position an instance measured, 0 or more
	 * @return the smallest position recorded now ({@code measured} or less); -1 when the entry is gone or past PENDING
	 * @throws ValkeyUnavailableException when Valkey cannot answer in time
	 */
	public long lowerAhead(UUID bookingId, long measured) {
		return this.aheads.lower(this.connection, this.keys.bookingStatus(bookingId), measured);
	}

	/**
	 * Reads a booking's cached status.
	 * @param bookingId the booking
	 * @return the entry, or empty when there is none
	 * @throws ValkeyUnavailableException when Valkey cannot answer in time
	 */
	public Optional<CachedBooking> get(UUID bookingId) {
		Map<String, String> entry;
		try {
			entry = this.connection.sync().hgetall(this.keys.bookingStatus(bookingId));
		}
		catch (RedisException ex) {
			throw new ValkeyUnavailableException("Valkey (" + this.connection.name() + ") failed to read a status", ex);
		}
		if (entry == null || !entry.containsKey("status")) {
			return Optional.empty();
		}
		String reason = entry.getOrDefault("reason", "");
		return Optional.of(new CachedBooking(bookingId, Long.parseLong(entry.get("event")),
				Long.parseLong(entry.get("user")), Integer.parseInt(entry.get("quantity")),
				BookingStatus.valueOf(entry.get("status")), reason.isEmpty() ? null : RejectionReason.valueOf(reason),
				hold(entry), place(entry)));
	}

	private static @Nullable QueuePlace place(Map<String, String> entry) {
		String offset = entry.get("offset");
		if (offset == null || !"PENDING".equals(entry.get("status"))) {
			return null;
		}
		String ahead = entry.get("ahead");
		return new QueuePlace(Integer.parseInt(entry.get("partition")), Long.parseLong(offset),
				(ahead != null) ? Long.valueOf(ahead) : null);
	}

	private static CachedBooking.@Nullable Hold hold(Map<String, String> entry) {
		String expires = entry.get("hold-expires");
		if (expires == null) {
			return null;
		}
		return new CachedBooking.Hold(Instant.parse(expires), Long.parseLong(entry.get("amount")),
				entry.get("currency"));
	}

}
