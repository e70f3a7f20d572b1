package io.minitickets.core.ratelimit;

import java.util.List;

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

	/**
	 * Takes one token from the bucket of {@code scope}:{@code id} and, only when one was taken, runs {@code script} in
	 * the same Valkey call. The bucket's bound is the same as {@link #tryAcquire}'s, and a remembered denial is answered
	 * without asking Valkey (the script does not run).
	 * @param scope what is limited
	 * @param id whose bucket
	 * @param policy the bucket's capacity and refill rate
	 * @param script the guarded script
	 * @param keys the guarded script's KEYS
	 * @param args the guarded script's ARGV
	 * @return the decision, and the guarded script's reply when it ran
	 * @throws IllegalStateException when this limiter's connection is to a Valkey Cluster (see {@link #guardsScriptsOn})
	 * @throws ValkeyUnavailableException when Valkey cannot answer within the command timeout (fail closed): whether
	 * the token was taken and the script ran is then unknown
	 */
	public GuardedReply tryAcquireThen(String scope, String id, BucketPolicy policy, TokenGuardedScript script,
			String[] keys, String... args) {
		if (this.connection.isCluster()) {
			throw new IllegalStateException("A token-guarded script needs one Valkey node, not a cluster");
		}
		String key = this.keys.bucket(scope, id);
		RateLimitDecision remembered = this.denials.denial(key);
		if (remembered != null) {
			return new GuardedReply(remembered, List.of(), null);
		}
		long askedAt = this.denials.now();
		GuardedReply reply = script.run(this.connection, key, policy, keys, args);
		this.denials.remember(key, reply.decision(), askedAt);
		return reply;
	}

	/**
	 * @param connection where a guarded script's keys live
	 * @return true when {@link #tryAcquireThen} can run a script on those keys: the same connection as this limiter's,
	 * to one Valkey node (a cluster refuses keys of different hash tags in one script)
	 */
	public boolean guardsScriptsOn(ValkeyConnection connection) {
		return connection == this.connection && !connection.isCluster();
	}

}
