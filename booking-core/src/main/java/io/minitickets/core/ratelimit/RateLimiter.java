package io.minitickets.core.ratelimit;

import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;

import io.lettuce.core.RedisBusyException;
import io.lettuce.core.RedisCommandExecutionException;
import io.minitickets.core.valkey.ValkeyConnection;
import io.minitickets.core.valkey.ValkeyKeys;
import io.minitickets.core.valkey.ValkeyUnavailableException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Token-bucket rate limiting in Valkey, shared by every api-service instance.
 * <p>
 * One Lua script per call with Valkey's TIME, so in any window of t seconds a bucket admits at most
 * {@code capacity + t / refillInterval} requests however many instances ask (DESIGN.md, invariant 5). A denial is
 * remembered in this JVM until its retry time (see {@link DenialCache}), so an empty bucket is denied again without
 * asking Valkey. Callers fail closed: when this throws, they answer 503.
 * <p>
 * A corrupt bucket (another Valkey type than hash, or fields that are not whole numbers: no script writes one) would
 * make every call fail until the key went. When the script answers with an error, the bucket is checked and, only
 * while it is still corrupt, deleted ({@code scripts/repair-token-bucket.lua}), logged at WARN, counted
 * ({@link #corruptBucketsReplaced}) and the call made once more on a full bucket, as after the bucket expired. An
 * error on a sound bucket, a timeout or a lost connection is thrown as before.
 */
public class RateLimiter {

	private static final Logger logger = LoggerFactory.getLogger(RateLimiter.class);

	private final ValkeyConnection connection;

	private final ValkeyKeys keys;

	private final TokenBucketScript script = new TokenBucketScript();

	private final DenialCache denials = new DenialCache(System::nanoTime);

	private final BucketRepairScript repairScript = new BucketRepairScript();

	private final LongAdder corruptBuckets = new LongAdder();

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
	 * @throws ValkeyUnavailableException when Valkey cannot answer within the command timeout, or answers with an
	 * error that no repair of the bucket ends (fail closed); a bucket denied within its retry time is denied again
	 * without asking
	 */
	public RateLimitDecision tryAcquire(String scope, String id, BucketPolicy policy) {
		String key = this.keys.bucket(scope, id);
		RateLimitDecision remembered = this.denials.denial(key);
		if (remembered != null) {
			return remembered;
		}
		long askedAt = this.denials.now();
		RateLimitDecision decision = repairingCorruptBucket(key, () -> this.script.take(this.connection, key, policy));
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
	 * the token was taken and the script ran is then unknown; or answers with an error while the bucket is sound (the
	 * guarded script failed: the token was taken)
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
		GuardedReply reply = repairingCorruptBucket(key, () -> script.run(this.connection, key, policy, keys, args));
		this.denials.remember(key, reply.decision(), askedAt);
		return reply;
	}

	/**
	 * How many corrupt buckets this limiter has replaced since it was made (see {@link #tryAcquire}), for a counter.
	 * @return the count
	 */
	public long corruptBucketsReplaced() {
		return this.corruptBuckets.sum();
	}

	/**
	 * Makes a call on a bucket; when Valkey answers it with an error and the bucket is corrupt, replaces the bucket and
	 * makes the call once more. A script's error leaves the writes it made before the error (Valkey does not roll
	 * them back): take-token.lua fails either before it writes or, for a bucket whose numbers are not finite, at its
	 * last command, before a guarded script runs, so a call made again takes one token and runs the guarded script
	 * once.
	 */
	private <T> T repairingCorruptBucket(String key, Supplier<T> call) {
		try {
			return call.get();
		}
		catch (ValkeyUnavailableException ex) {
			if (!(ex.getCause() instanceof RedisCommandExecutionException error) || error instanceof RedisBusyException
					|| !this.repairScript.repair(this.connection, key)) {
				throw ex;
			}
			this.corruptBuckets.increment();
			logger.warn("Token bucket {} was corrupt ({}): deleted, it starts full again", key, error.getMessage());
			return call.get();
		}
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
