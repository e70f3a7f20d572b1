package io.minitickets.api.booking;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.UUID;
import java.util.regex.Pattern;

import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisException;
import io.lettuce.core.SetArgs;
import io.micrometer.core.instrument.MeterRegistry;
import io.minitickets.api.problem.ApiException;
import io.minitickets.api.problem.Problems;
import io.minitickets.core.idempotency.IdempotencyEntryScript;
import io.minitickets.core.idempotency.KeyClaim;
import io.minitickets.core.valkey.ValkeyConnection;
import io.minitickets.core.valkey.ValkeyKeys;
import io.minitickets.core.valkey.ValkeyUnavailableException;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Idempotency-Key support: a key is kept per user with its request (event, seats), booking id and where that request
 * stands, for the configured TTL. The booking id is derived from (user, key, event, seats), so a retry reuses the same
 * id and can never book twice (the gate's RESERVE and the worker's insert are idempotent per booking id), while the
 * same key sent with a different request can never be mistaken for a retry.
 * <p>
 * The first request with a key claims it atomically ({@code SET NX GET}, or {@code SET NX} in the same script as the
 * token and the gate's RESERVE where they share one Valkey node: {@link #newClaim}) before it touches the gate, and
 * holds the
 * claim until it has an answer: a second request with the same key that arrives meanwhile is refused (409 in
 * progress, or 422 for a different request), so two concurrent requests with one key can never both book. This
 * follows the IETF's {@code Idempotency-Key} HTTP header draft (draft-ietf-httpapi-idempotency-key-header): 409 for a
 * request still being processed, 422 for a key reused with another payload.
 * <p>
 * Only the request that holds the claim changes the entry, by compare-and-set on the claim's value
 * ({@link IdempotencyEntryScript}). A booking that may be in Kafka without an acknowledgement (an unconfirmed send, or a
 * claim whose request died) keeps its key for its request: a retry of the same request resumes the same booking, a
 * different request gets 422. A corrupt entry (another Valkey type, or a string that does not parse) is logged,
 * counted ({@code minitickets.idempotency.corrupt}) and replaced under compare-and-set.
 */
@Component
class IdempotencyStore {

	private static final Logger logger = LoggerFactory.getLogger(IdempotencyStore.class);

	private static final Pattern VALID_KEY = Pattern.compile("[\\x21-\\x7E]{1,255}");

	/** Claims lost to concurrent changes of a corrupt or unsettled entry before answering 409 in progress. */
	private static final int CLAIM_ATTEMPTS = 3;

	private static final long UNAVAILABLE_RETRY_AFTER_SECONDS = 1;

	private final ValkeyConnection connection;

	private final ValkeyKeys keys;

	private final BookingProperties properties;

	private final MeterRegistry meters;

	private final IdempotencyEntryScript entries = new IdempotencyEntryScript();

	private final Clock clock = Clock.systemUTC();

	IdempotencyStore(ValkeyConnection connection, ValkeyKeys keys, BookingProperties properties,
			MeterRegistry meters) {
		this.connection = connection;
		this.keys = keys;
		this.properties = properties;
		this.meters = meters;
	}

	/**
	 * @param userId the caller
	 * @param key the Idempotency-Key header
	 * @param eventId the event asked for
	 * @param quantity the seats asked for
	 * @return the booking id this key and request always map to (a name-based UUID)
	 * @throws ApiException 400 when the key is empty, longer than 255 characters or not visible ASCII
	 */
	static UUID bookingIdFor(long userId, String key, long eventId, int quantity) {
		if (!VALID_KEY.matcher(key).matches()) {
			throw Problems.badRequest("'Idempotency-Key' must be 1 to 255 visible ASCII characters.");
		}
		return UUID.nameUUIDFromBytes(("user:" + userId + ":key:" + key + ":event:" + eventId + ":seats:" + quantity)
			.getBytes(StandardCharsets.UTF_8));
	}

	/**
	 * Claims a key for one request, atomically. The entry is kept for {@link BookingProperties#idempotencyTtl()};
	 * the claim is expected to be answered within {@link BookingProperties#idempotencyClaimTtl()}, after which a retry
	 * of the same request resumes it.
	 * @param userId the caller
	 * @param key the Idempotency-Key header
	 * @param bookingId the booking id {@link #bookingIdFor} derived
	 * @param eventId the event asked for
	 * @param quantity the seats asked for
	 * @return {@link Held} when this request now holds the key (resumed when an earlier request of the same booking
	 * may have sent it); {@link Earlier} with what the key holds otherwise: an answer, a request still in flight, or a
	 * different request
	 * @throws ApiException 503 when Valkey cannot answer; 409 in progress when the entry kept changing under this
	 * request
	 */
	Claim claim(long userId, String key, UUID bookingId, long eventId, int quantity) {
		String entryKey = this.keys.idempotency(userId, key);
		try {
			for (int attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
				StoredAnswer claim = StoredAnswer.inFlight(bookingId, eventId, quantity,
						this.clock.millis() + this.properties.idempotencyClaimTtl().toMillis());
				Claim outcome = tryClaim(entryKey, claim);
				if (outcome != null) {
					return outcome;
				}
			}
		}
		catch (RedisException | ValkeyUnavailableException ex) {
			unavailable("claim", entryKey, ex);
			throw Problems.unavailable("The Idempotency-Key store cannot answer right now; nothing was done.",
					UNAVAILABLE_RETRY_AFTER_SECONDS);
		}
		throw BookingProblems.inProgress();
	}

	/**
	 * A claim for one request, not yet stored: for a caller that stores it in a call of its own
	 * ({@link #inOneCall}).
	 * @param userId the caller
	 * @param key the Idempotency-Key header
	 * @param bookingId the booking id {@link #bookingIdFor} derived
	 * @param eventId the event asked for
	 * @param quantity the seats asked for
	 * @return the claim this request holds once it is stored
	 */
	Held newClaim(long userId, String key, UUID bookingId, long eventId, int quantity) {
		return new Held(this.keys.idempotency(userId, key), StoredAnswer.inFlight(bookingId, eventId, quantity,
				this.clock.millis() + this.properties.idempotencyClaimTtl().toMillis()), false);
	}

	/**
	 * @param held a claim from {@link #newClaim}
	 * @return what a script stores for it: the claim while the key holds nothing, the 409 sold out when RESERVE says
	 * so, for {@link BookingProperties#idempotencyTtl()}
	 */
	KeyClaim inOneCall(Held held) {
		return new KeyClaim(held.entryKey(), held.value().format(), held.value().answered(409).format(),
				this.properties.idempotencyTtl());
	}

	/**
	 * As {@link #remember(Held, int)}, without waiting on the caller's thread: the answer stands whatever Valkey does,
	 * and a later request with the same key goes over the same connection, so Valkey runs this first.
	 * @param held the claim
	 * @param status the answer given (202)
	 */
	void rememberLater(Held held, int status) {
		String answer = held.value().answered(status).format();
		try {
			this.entries
				.replaceAsync(this.connection, held.entryKey(), held.value().format(), answer,
						this.properties.idempotencyTtl())
				.whenComplete((replaced, ex) -> {
					if (ex != null) {
						unavailable("remember", held.entryKey(), (ex instanceof Exception cause) ? cause
								: new IllegalStateException(ex));
					}
					else if (!replaced) {
						lost("remember", held);
					}
				});
		}
		catch (ValkeyUnavailableException ex) {
			unavailable("remember", held.entryKey(), ex);
		}
	}

	/**
	 * Frees the key of a request whose call got no answer in time, so a retry runs again: that call may or may not
	 * have claimed it, and nothing was sent. Changes nothing when the key does not hold this claim; a failure leaves
	 * the claim to its deadline, after which a retry resumes the booking.
	 * @param held a claim from {@link #newClaim}
	 */
	void forget(Held held) {
		try {
			this.entries.delete(this.connection, held.entryKey(), held.value().format());
		}
		catch (ValkeyUnavailableException ex) {
			unavailable("release", held.entryKey(), ex);
		}
	}

	/**
	 * Replaces the claim of the request that holds the key with its final answer, kept for
	 * {@link BookingProperties#idempotencyTtl()}. Changes nothing when the key no longer holds this claim. A failure
	 * is logged and counted: the answer itself stands, and a retry derives the same booking id.
	 * @param held the claim
	 * @param status the answer given (202 or 409)
	 */
	void remember(Held held, int status) {
		remember(held, held.value().answered(status));
	}

	/**
	 * As {@link #remember(Held, int)}, with the answer given.
	 * @param held the claim
	 * @param answer the final answer, for example {@link StoredAnswer#saleClosedAnswer()}
	 */
	void remember(Held held, StoredAnswer answer) {
		replace(held, answer, "remember");
	}

	/**
	 * Marks the key of a booking that was handed to Kafka without an acknowledgement: a retry of the same request
	 * resumes it (sends the same booking again), a different request gets 422, for
	 * {@link BookingProperties#idempotencyTtl()}.
	 * @param held the claim
	 */
	void markUnconfirmed(Held held) {
		replace(held, held.value().answered(StoredAnswer.UNCONFIRMED), "mark-unconfirmed");
	}

	/**
	 * Frees a key whose request certainly booked nothing (its booking never reached Kafka), so a retry runs again.
	 * Changes nothing when the key no longer holds this claim.
	 * @param held the claim
	 */
	void release(Held held) {
		try {
			if (!this.entries.delete(this.connection, held.entryKey(), held.value().format())) {
				lost("release", held);
			}
		}
		catch (ValkeyUnavailableException ex) {
			// The entry stays: a retry of the same request resumes the booking (nothing was sent, so it is sent now).
			unavailable("release", held.entryKey(), ex);
		}
	}

	private @Nullable Claim tryClaim(String entryKey, StoredAnswer claim) {
		String earlier;
		try {
			earlier = this.connection.sync()
				.setGet(entryKey, claim.format(), SetArgs.Builder.nx().px(this.properties.idempotencyTtl().toMillis()));
		}
		catch (RedisCommandExecutionException ex) {
			if (!isWrongType(ex)) {
				throw ex;
			}
			if (!this.entries.replaceOtherType(this.connection, entryKey, claim.format(),
					this.properties.idempotencyTtl())) {
				return null;
			}
			corrupt("wrong-type", entryKey, "a value of another type than string");
			return new Held(entryKey, claim, false);
		}
		if (earlier == null) {
			return new Held(entryKey, claim, false);
		}
		StoredAnswer answer;
		try {
			answer = StoredAnswer.parse(earlier);
		}
		catch (IllegalArgumentException ex) {
			Claim replaced = takeOver(entryKey, earlier, claim, false);
			if (replaced != null) {
				corrupt("unreadable", entryKey, ex.toString());
			}
			return replaced;
		}
		if (answer.unsettled(this.clock.millis()) && answer.answers(claim.eventId(), claim.quantity())) {
			Claim resumed = takeOver(entryKey, earlier, claim, true);
			if (resumed != null) {
				this.meters.counter("minitickets.idempotency.resumed").increment();
			}
			return resumed;
		}
		return new Earlier(answer);
	}

	private @Nullable Claim takeOver(String entryKey, String earlier, StoredAnswer claim, boolean resumed) {
		return this.entries.replace(this.connection, entryKey, earlier, claim.format(),
				this.properties.idempotencyTtl()) ? new Held(entryKey, claim, resumed) : null;
	}

	private void replace(Held held, StoredAnswer answer, String step) {
		try {
			if (!this.entries.replace(this.connection, held.entryKey(), held.value().format(), answer.format(),
					this.properties.idempotencyTtl())) {
				lost(step, held);
			}
		}
		catch (ValkeyUnavailableException ex) {
			// The claim stays until its deadline; then a retry of the same request resumes the same booking id.
			unavailable(step, held.entryKey(), ex);
		}
	}

	private void corrupt(String kind, String entryKey, @Nullable String what) {
		this.meters.counter("minitickets.idempotency.corrupt", "kind", kind).increment();
		logger.warn("Idempotency-Key entry {} was corrupt ({}): replaced by a new claim", entryKey, what);
	}

	private void lost(String step, Held held) {
		this.meters.counter("minitickets.idempotency.claim-lost", "step", step).increment();
		logger.warn("Idempotency-Key entry {} no longer holds the claim of booking {} ({} skipped): its request ran "
				+ "past its claim", held.entryKey(), held.value().bookingId(), step);
	}

	private void unavailable(String step, String entryKey, Exception ex) {
		this.meters.counter("minitickets.idempotency.unavailable", "step", step).increment();
		logger.warn("Valkey failed to {} Idempotency-Key entry {}: {}", step, entryKey, ex.toString());
	}

	private static boolean isWrongType(RedisCommandExecutionException ex) {
		return ex.getMessage() != null && ex.getMessage().startsWith("WRONGTYPE");
	}

	/**
	 * The outcome of a claim.
	 */
	sealed interface Claim permits Held, Earlier {

	}

	/**
	 * This request holds the key.
	 *
	 * @param entryKey the Valkey key of the entry
	 * @param value the claim as stored, the compare-and-set's expected value
	 * @param resumed true when an earlier request of the same booking may have handed it to Kafka (its send was
	 * unconfirmed, or it died holding the key): then no failure of this request proves the booking absent
	 */
	record Held(String entryKey, StoredAnswer value, boolean resumed) implements Claim {

	}

	/**
	 * The key holds an earlier request's answer, a request still in flight, or a different request.
	 *
	 * @param answer what it holds
	 */
	record Earlier(StoredAnswer answer) implements Claim {

	}

}
