package io.minitickets.api.ratelimit;

import java.util.UUID;

import io.micrometer.core.instrument.MeterRegistry;
import io.minitickets.api.problem.ApiException;
import io.minitickets.api.problem.Problems;
import io.minitickets.core.idempotency.KeyClaim;
import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.inventory.TokenAndReservation;
import io.minitickets.core.problem.ProblemTypes;
import io.minitickets.core.ratelimit.BucketPolicy;
import io.minitickets.core.ratelimit.RateLimitDecision;
import io.minitickets.core.ratelimit.RateLimiter;
import io.minitickets.core.security.AccessTokenProperties;
import io.minitickets.core.valkey.ValkeyUnavailableException;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Service;

/**
 * The API's two token buckets: per user for bookings, per client IP for logins. Fails closed: when Valkey cannot
 * answer within its command timeout the request is refused with 503, before any other work (no password check).
 * <p>
 * Every decision, allowed or denied, writes the bucket's {@code RateLimit-Policy} and {@code RateLimit} fields on the
 * answer ({@link RateLimitFields}: policies {@code "booking"} and {@code "login"}); a denial is a 429 of the draft's
 * problem type {@code quota-exceeded} ({@link ProblemTypes#QUOTA_EXCEEDED}) with Retry-After.
 */
@Service
public class RequestRateLimits {

	private static final long RETRY_AFTER_UNAVAILABLE_SECONDS = 1;

	/** The title draft-ietf-httpapi-ratelimit-headers-11 registers for its {@code quota-exceeded} type (10.2.1). */
	private static final String QUOTA_EXCEEDED_TITLE = "Quota Exceeded";

	private static final String BOOKING_SCOPE = "book:user";

	private static final String LOGIN_SCOPE = "login:ip";

	private static final String BOOKING_REQUESTS = "booking requests of this user";

	private final RateLimiter limiter;

	private final BucketPolicy bookingPolicy;

	private final BucketPolicy loginPolicy;

	private final RateLimitMeters bookingMeters;

	private final RateLimitMeters loginMeters;

	private final RateLimitFields bookingFields;

	private final RateLimitFields loginFields;

	/**
	 * @param limiter the Valkey token buckets
	 * @param properties bucket sizes and rates, and the partition keys' secret
	 * @param accessTokens the signing key the partition keys' secret is derived from when none is set
	 * @param meters where decisions are counted
	 */
	public RequestRateLimits(RateLimiter limiter, RateLimitProperties properties, AccessTokenProperties accessTokens,
			MeterRegistry meters) {
		this.limiter = limiter;
		this.bookingPolicy = properties.bookingPolicy();
		this.loginPolicy = properties.loginPolicy();
		this.bookingMeters = RateLimitMeters.register(meters, BOOKING_SCOPE);
		this.loginMeters = RateLimitMeters.register(meters, LOGIN_SCOPE);
		RateLimitMeters.registerCorruptBuckets(meters, limiter);
		PartitionKeys keys = new PartitionKeys(properties.partitionKeySecretOr(accessTokens.secret()));
		this.bookingFields = new RateLimitFields("booking", BOOKING_SCOPE, this.bookingPolicy, keys);
		this.loginFields = new RateLimitFields("login", LOGIN_SCOPE, this.loginPolicy, keys);
	}

	/**
	 * Takes a login token for a client IP, and writes the login policy's RateLimit fields on the bound answer.
	 * @param clientIp the resolved client IP
	 * @throws ApiException 429 with Retry-After when the bucket is empty; 503 when the limiter's Valkey is down
	 */
	public void checkLogin(String clientIp) {
		check(LOGIN_SCOPE, clientIp, this.loginPolicy, this.loginMeters, this.loginFields,
				"login attempts from " + clientIp);
	}

	/**
	 * Takes a booking token for a user, and writes the booking policy's RateLimit fields on the bound answer.
	 * @param userId the authenticated user
	 * @throws ApiException 429 with Retry-After when the bucket is empty; 503 when the limiter's Valkey is down
	 */
	public void checkBooking(long userId) {
		check(BOOKING_SCOPE, Long.toString(userId), this.bookingPolicy, this.bookingMeters, this.bookingFields,
				BOOKING_REQUESTS);
	}

	/**
	 * Takes a booking token for a user and, only when one was taken, RESERVEs seats on the gate in the same Valkey
	 * call ({@link InventoryGate#reserveAfterToken}): the limiter's check and the gate's in one round trip. Fails
	 * closed like {@link #checkBooking}, and writes the same RateLimit fields.
	 * @param userId the authenticated user, whose bucket gives the token and who books
	 * @param gate the inventory gate, for which {@link #reservesWithBookingTokens} is true
	 * @param eventId the event
	 * @param bookingId the booking
	 * @param seats seats asked for, positive
	 * @param perUserLimit the event's per-user limit in seats, or null for none
	 * @param claim the request's Idempotency-Key claim, taken between the token and RESERVE
	 * ({@link InventoryGate#claimAndReserveAfterToken}); null without a key
	 * @return the token taken, with what RESERVE did or how it failed ({@link TokenAndReservation#gateFailure()}: the
	 * gate's own failure, which the caller fails open on)
	 * @throws ApiException 429 with Retry-After when the bucket is empty (nothing reserved); 503 when Valkey is down
	 */
	public TokenAndReservation checkBookingAndReserve(long userId, InventoryGate gate, long eventId, UUID bookingId,
			int seats, @Nullable Integer perUserLimit, @Nullable KeyClaim claim) {
		TokenAndReservation answer;
		String id = Long.toString(userId);
		try {
			answer = (claim != null)
					? gate.claimAndReserveAfterToken(this.limiter, BOOKING_SCOPE, id, this.bookingPolicy, claim, eventId,
							bookingId, userId, seats, perUserLimit)
					: gate.reserveAfterToken(this.limiter, BOOKING_SCOPE, id, this.bookingPolicy, eventId, bookingId,
							userId, seats, perUserLimit);
		}
		catch (ValkeyUnavailableException ex) {
			throw unavailable(this.bookingMeters);
		}
		admit(answer.token(), id, this.bookingPolicy, this.bookingMeters, this.bookingFields, BOOKING_REQUESTS);
		return answer;
	}

	/**
	 * @param gate the inventory gate
	 * @return true when {@link #checkBookingAndReserve} can be used with it: the gate shares the limiter's connection
	 * to one Valkey node
	 */
	public boolean reservesWithBookingTokens(InventoryGate gate) {
		return gate.reservesAfterTokensOf(this.limiter);
	}

	private void check(String scope, String id, BucketPolicy policy, RateLimitMeters meters, RateLimitFields fields,
			String what) {
		RateLimitDecision decision;
		try {
			decision = this.limiter.tryAcquire(scope, id, policy);
		}
		catch (ValkeyUnavailableException ex) {
			throw unavailable(meters);
		}
		admit(decision, id, policy, meters, fields, what);
	}

	private static ApiException unavailable(RateLimitMeters meters) {
		meters.unavailable().increment();
		return Problems.unavailable("The rate limiter cannot answer right now; no request is let through unchecked.",
				RETRY_AFTER_UNAVAILABLE_SECONDS);
	}

	/**
	 * Writes the bucket's RateLimit fields on the answer, counts the decision and, for a denial, throws its 429.
	 */
	private static void admit(RateLimitDecision decision, String id, BucketPolicy policy, RateLimitMeters meters,
			RateLimitFields fields, String what) {
		fields.write(decision, id);
		if (!decision.allowed()) {
			meters.denied().increment();
			throw new ApiException(HttpStatus.TOO_MANY_REQUESTS, ProblemTypes.QUOTA_EXCEEDED, QUOTA_EXCEEDED_TITLE,
					"Too many " + what + ": at most " + policy.capacity() + " at once, then 1 every "
							+ policy.refillInterval().toMillis() + " ms.",
					decision.retryAfterSeconds())
				.with("violated-policies", fields.violatedPolicies());
		}
		meters.allowed().increment();
	}

}
