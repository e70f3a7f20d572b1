package io.minitickets.api.ratelimit;

import io.micrometer.core.instrument.MeterRegistry;
import io.minitickets.api.problem.ApiException;
import io.minitickets.api.problem.Problems;
import io.minitickets.core.problem.ProblemTypes;
import io.minitickets.core.ratelimit.BucketPolicy;
import io.minitickets.core.ratelimit.RateLimitDecision;
import io.minitickets.core.ratelimit.RateLimiter;
import io.minitickets.core.valkey.ValkeyUnavailableException;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Service;

/**
 * The API's two token buckets: per user for bookings, per client IP for logins. Fails closed: when Valkey cannot
 * answer within its command timeout the request is refused with 503, before any other work (no password check).
 */
@Service
public class RequestRateLimits {

	private static final long RETRY_AFTER_UNAVAILABLE_SECONDS = 1;

	private final RateLimiter limiter;

	private final BucketPolicy bookingPolicy;

	private final BucketPolicy loginPolicy;

	private final RateLimitMeters bookingMeters;

	private final RateLimitMeters loginMeters;

	/**
	 * @param limiter the Valkey token buckets
	 * @param properties bucket sizes and rates
	 * @param meters where decisions are counted
	 */
	public RequestRateLimits(RateLimiter limiter, RateLimitProperties properties, MeterRegistry meters) {
		this.limiter = limiter;
		this.bookingPolicy = properties.bookingPolicy();
		this.loginPolicy = properties.loginPolicy();
		this.bookingMeters = RateLimitMeters.register(meters, "book:user");
		this.loginMeters = RateLimitMeters.register(meters, "login:ip");
	}

	/**
	 * Takes a login token for a client IP.
	 * @param clientIp the resolved client IP
	 * @throws ApiException 429 with Retry-After when the bucket is empty; 503 when the limiter's Valkey is down
	 */
	public void checkLogin(String clientIp) {
		check("login:ip", clientIp, this.loginPolicy, this.loginMeters, "login attempts from " + clientIp);
	}

	/**
	 * Takes a booking token for a user.
	 * @param userId the authenticated user
	 * @throws ApiException 429 with Retry-After when the bucket is empty; 503 when the limiter's Valkey is down
	 */
	public void checkBooking(long userId) {
		check("book:user", Long.toString(userId), this.bookingPolicy, this.bookingMeters,
				"booking requests of this user");
	}

	private void check(String scope, String id, BucketPolicy policy, RateLimitMeters meters, String what) {
		RateLimitDecision decision;
		try {
			decision = this.limiter.tryAcquire(scope, id, policy);
		}
		catch (ValkeyUnavailableException ex) {
			meters.unavailable().increment();
			throw Problems.unavailable("The rate limiter cannot answer right now; no request is let through unchecked.",
					RETRY_AFTER_UNAVAILABLE_SECONDS);
		}
		if (!decision.allowed()) {
			meters.denied().increment();
			throw new ApiException(HttpStatus.TOO_MANY_REQUESTS, ProblemTypes.RATE_LIMITED, "Too many requests",
					"Too many " + what + ": at most " + policy.capacity() + " at once, then 1 every "
							+ policy.refillInterval().toMillis() + " ms.",
					decision.retryAfterSeconds());
		}
		meters.allowed().increment();
	}

}
