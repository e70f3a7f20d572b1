package io.minitickets.api.booking;

import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;

import io.lettuce.core.RedisException;
import io.lettuce.core.SetArgs;
import io.minitickets.api.system.Problems;
import io.minitickets.core.valkey.ValkeyConnection;
import io.minitickets.core.valkey.ValkeyKeys;
import io.minitickets.core.valkey.ValkeyUnavailableException;
import org.springframework.stereotype.Component;

/**
 * Idempotency-Key support: a key is kept per user with its request (event, seats), booking id and first final answer
 * for the configured TTL. The booking id is derived from (user, key, event, seats), so a retry after an ambiguous 503
 * reuses the same id and can never book twice (the gate's RESERVE and the worker's insert are idempotent per booking
 * id), while the same key sent with a different request can never be mistaken for a retry.
 */
@Component
class IdempotencyStore {

	private static final Pattern VALID_KEY = Pattern.compile("[\\x21-\\x7E]{1,255}");

	private final ValkeyConnection connection;

	private final ValkeyKeys keys;

	private final BookingProperties properties;

	IdempotencyStore(ValkeyConnection connection, ValkeyKeys keys, BookingProperties properties) {
		this.connection = connection;
		this.keys = keys;
		this.properties = properties;
	}

	/**
	 * @param userId the caller
	 * @param key the Idempotency-Key header
	 * @param eventId the event asked for
	 * @param quantity the seats asked for
	 * @return the booking id this key and request always map to (a name-based UUID)
	 * @throws io.minitickets.api.system.ApiException 400 when the key is empty, longer than 255 characters or not
	 * visible ASCII
	 */
	UUID bookingIdFor(long userId, String key, long eventId, int quantity) {
		if (!VALID_KEY.matcher(key).matches()) {
			throw Problems.badRequest("'Idempotency-Key' must be 1 to 255 visible ASCII characters.");
		}
		return UUID.nameUUIDFromBytes(("user:" + userId + ":key:" + key + ":event:" + eventId + ":seats:" + quantity)
			.getBytes(StandardCharsets.UTF_8));
	}

	/**
	 * @param userId the caller
	 * @param key the Idempotency-Key header
	 * @return the first final answer given for this key, or empty
	 * @throws ValkeyUnavailableException when Valkey cannot answer
	 */
	Optional<StoredAnswer> find(long userId, String key) {
		try {
			String value = this.connection.sync().get(this.keys.idempotency(userId, key));
			return Optional.ofNullable(value).map(StoredAnswer::parse);
		}
		catch (RedisException ex) {
			throw new ValkeyUnavailableException("Valkey failed to read an idempotency key", ex);
		}
	}

	/**
	 * Keeps the first final answer; a later one never replaces it.
	 * @param userId the caller
	 * @param key the Idempotency-Key header
	 * @param answer the answer given
	 */
	void remember(long userId, String key, StoredAnswer answer) {
		try {
			this.connection.sync()
				.set(this.keys.idempotency(userId, key), answer.format(),
						SetArgs.Builder.nx().px(this.properties.idempotencyTtl().toMillis()));
		}
		catch (RedisException ex) {
			// The answer itself stands; a retry with this key derives the same booking id, so it cannot book twice.
		}
	}

	/**
	 * A final answer given to a key, with the request it answered.
	 *
	 * @param status 202 or 409
	 * @param bookingId the booking
	 * @param eventId the event asked for
	 * @param quantity the seats asked for
	 */
	record StoredAnswer(int status, UUID bookingId, long eventId, int quantity) {

		static StoredAnswer parse(String value) {
			String[] parts = value.split("\\|");
			return new StoredAnswer(Integer.parseInt(parts[0]), UUID.fromString(parts[1]), Long.parseLong(parts[2]),
					Integer.parseInt(parts[3]));
		}

		String format() {
			return this.status + "|" + this.bookingId + "|" + this.eventId + "|" + this.quantity;
		}

		boolean answers(long eventId, int quantity) {
			return this.eventId == eventId && this.quantity == quantity;
		}

	}

}
