package io.minitickets.core.ratelimit;

import io.minitickets.core.valkey.ValkeyConnection;
import io.minitickets.core.valkey.ValkeyKeys;
import io.minitickets.core.valkey.ValkeyUnavailableException;

/**
 * Token-bucket rate limiting in Valkey, shared by every api-service instance.
 * <p>
 * One Lua script per call with Valkey's TIME, so in any window of t seconds a bucket admits at most
 * {@code capacity + t / refillInterval} requests however many instances ask (DESIGN.md, invariant 5). A denial is
 * remembered in this JVM until its retry time (see {@link DenialCache}), so an empty bucket is denied again without
 * asking Valkey. Callers fail closed: when this throws, they answer 503.
 */
public class RateLimiter {

	private final ValkeyConnection connection;

	private final ValkeyKeys keys;

	private final TokenBucketScript script = new TokenBucketScript();

	private final DenialCache denials = new DenialCache(System::nanoTime);

	/**
	 * @param connection the limiter's Valkey
	 * @param keys the key schema
	 */
	public RateLimiter(ValkeyConnection connection, ValkeyKeys keys) {
		this.connection = connection;
		this.keys = keys;
	}

	/**
	 * Takes one token from the bucket of {@code scope}:{@code id}.
	 * @param scope what is limited, for example {@code book:user} or {@code login:ip}
	 * @param id whose bucket, for example a user id or a client IP
	 * @param policy the bucket's capacity and refill rate
	 * @return whether the request may go on, and if not when to retry
	 * @throws ValkeyUnavailableException when Valkey cannot answer within the command timeout (fail closed); a bucket
	 * denied within its retry time is denied again without asking
	 */
	public RateLimitDecision tryAcquire(String scope, String id, BucketPolicy policy) {
		String key = this.keys.bucket(scope, id);
		RateLimitDecision remembered = this.denials.denial(key);
		if (remembered != null) {
			return remembered;
		}
		long askedAt = this.denials.now();
		RateLimitDecision decision = this.script.take(this.connection, key, policy);
		this.denials.remember(key, decision, askedAt);
		return decision;
	}

}
