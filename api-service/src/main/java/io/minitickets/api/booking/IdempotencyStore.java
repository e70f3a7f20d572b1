package io.minitickets.api.booking;

import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;

import io.lettuce.core.RedisException;
import io.lettuce.core.SetArgs;
import io.minitickets.api.problem.Problems;
import io.minitickets.core.valkey.ValkeyConnection;
import io.minitickets.core.valkey.ValkeyKeys;
import io.minitickets.core.valkey.ValkeyUnavailableException;
import org.springframework.stereotype.Component;

/**
 * Idempotency-Key support: a key is kept per user with its request (event, seats), booking id and first final answer
 * for the configured TTL. The booking id is derived from (user, key, event, seats), so a retry after an ambiguous 503
 * reuses the same id and can never book twice (the gate's RESERVE and the worker's insert are idempotent per booking
 * id), while the same key sent with a different request can never be mistaken for a retry.
 * <p>
 * The first request with a key claims it atomically ({@code SET NX GET}) before it touches the gate, and holds the
 * claim until it has a final answer: a second request with the same key that arrives meanwhile is refused (409 in
 * progress, or 422 for a different request), so two concurrent requests with one key can never both book. This
 * follows the IETF's {@code Idempotency-Key} HTTP header draft (draft-ietf-httpapi-idempotency-key-header): 409 for a
 * request still being processed, 422 for a key reused with another payload.
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
	 * @throws io.minitickets.api.problem.ApiException 400 when the key is empty, longer than 255 characters or not
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
	 * Claims a key for one request, atomically. The claim lives for
	 * {@link BookingProperties#idempotencyClaimTtl()}, so a key whose request died with its api-service comes free.
	 * @param userId the caller
	 * @param key the Idempotency-Key header
	 * @param claim the request that wants the key ({@link StoredAnswer#inFlight})
	 * @return empty when this request now holds the key; otherwise what the key already holds: a final answer, or
	 * another request still in flight
	 * @throws ValkeyUnavailableException when Valkey cannot answer
	 */
	Optional<StoredAnswer> claim(long userId, String key, StoredAnswer claim) {
		try {
			String earlier = this.connection.sync()
				.setGet(this.keys.idempotency(userId, key), claim.format(),
						SetArgs.Builder.nx().px(this.properties.idempotencyClaimTtl().toMillis()));
			return Optional.ofNullable(earlier).map(StoredAnswer::parse);
		}
		catch (RedisException ex) {
			throw new ValkeyUnavailableException("Valkey failed to claim an idempotency key", ex);
		}
	}

	/**
	 * Replaces the claim of the request that holds the key with its final answer, kept for
	 * {@link BookingProperties#idempotencyTtl()}.
	 * @param userId the caller
	 * @param key the Idempotency-Key header
	 * @param answer the answer given (202 or 409)
	 */
	void remember(long userId, String key, StoredAnswer answer) {
		try {
			this.connection.sync()
				.set(this.keys.idempotency(userId, key), answer.format(),
						SetArgs.Builder.px(this.properties.idempotencyTtl().toMillis()));
		}
		catch (RedisException ex) {
			// The answer itself stands; the claim expires, and a retry derives the same booking id, so it cannot
			// book twice.
		}
	}

	/**
	 * Frees a key whose request ended without a final answer (503, or an error), so a retry can run.
	 * @param userId the caller
	 * @param key the Idempotency-Key header
	 */
	void release(long userId, String key) {
		try {
			this.connection.sync().del(this.keys.idempotency(userId, key));
		}
		catch (RedisException ex) {
			// The claim expires after idempotencyClaimTtl.
		}
	}

	/**
	 * What an Idempotency-Key holds: a request in flight, or the final answer it was given.
	 *
	 * @param status 202 or 409 for a final answer; {@link #IN_FLIGHT} while the request runs
	 * @param bookingId the booking
	 * @param eventId the event asked for
	 * @param quantity the seats asked for
	 */
	record StoredAnswer(int status, UUID bookingId, long eventId, int quantity) {

		/** The status of a key whose request has no final answer yet. */
		static final int IN_FLIGHT = 0;

		static StoredAnswer inFlight(UUID bookingId, long eventId, int quantity) {
			return new StoredAnswer(IN_FLIGHT, bookingId, eventId, quantity);
		}

		static StoredAnswer parse(String value) {
			String[] parts = value.split("\\|");
			return new StoredAnswer(Integer.parseInt(parts[0]), UUID.fromString(parts[1]), Long.parseLong(parts[2]),
					Integer.parseInt(parts[3]));
		}

		String format() {
			return this.status + "|" + this.bookingId + "|" + this.eventId + "|" + this.quantity;
		}

		StoredAnswer answered(int finalStatus) {
			return new StoredAnswer(finalStatus, this.bookingId, this.eventId, this.quantity);
		}

		boolean inFlight() {
			return this.status == IN_FLIGHT;
		}

		boolean answers(long eventId, int quantity) {
			return this.eventId == eventId && this.quantity == quantity;
		}

	}

}
