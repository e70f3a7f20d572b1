package io.minitickets.core.ratelimit;

import java.util.List;

import io.lettuce.core.ScriptOutputType;
import io.minitickets.core.valkey.LuaScript;
import io.minitickets.core.valkey.ValkeyConnection;
import io.minitickets.core.valkey.ValkeyUnavailableException;

/**
 * {@code scripts/take-token.lua}: takes one token from a bucket, atomically, using Valkey's clock.
 * <p>
 * KEYS: the bucket hash. ARGV: capacity (tokens), refill interval (ms per token), idle margin (ms). Reply: a list of
 * three integers {allowed 1|0, whole tokens left, ms until the next token}.
 */
public final class TokenBucketScript {

	/** Kept after the bucket would be full again, so an expired bucket is indistinguishable from a full one. */
	static final long IDLE_MARGIN_MS = 1_000;

	private final LuaScript script = LuaScript.load("take-token.lua");

	/**
	 * Takes one token.
	 * @param connection the limiter's Valkey
	 * @param bucketKey the bucket's key
	 * @param policy capacity and refill rate
	 * @return the decision
	 * @throws ValkeyUnavailableException when Valkey cannot answer within the command timeout
	 */
	public RateLimitDecision take(ValkeyConnection connection, String bucketKey, BucketPolicy policy) {
		List<Long> reply = this.script.execute(connection, ScriptOutputType.MULTI, new String[] { bucketKey },
				Integer.toString(policy.capacity()), Long.toString(policy.refillInterval().toMillis()),
				Long.toString(IDLE_MARGIN_MS));
		return new RateLimitDecision(reply.get(0) == 1L, reply.get(1), reply.get(2));
	}

}
