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
 * {@value #REPLY_ITEMS} integers {allowed 1|0, whole tokens left, ms until the next token (0 when allowed), ms until
 * the bucket is full (0 when denied)}.
 */
public final class TokenBucketScript {

	/** The items of the script's reply, which a {@link TokenGuardedScript}'s reply starts with. */
	static final int REPLY_ITEMS = 4;

	/** Kept after the bucket would be full again, so an expired bucket is indistinguishable from a full one. */
	static final long IDLE_MARGIN_MS = 1_000;

	/** {@code take-token.lua}, also the first part of every {@link TokenGuardedScript}. */
	static final LuaScript SCRIPT = LuaScript.load("take-token.lua");

	/**
	 * Takes one token.
	 * @param connection the limiter's Valkey
	 * @param bucketKey the bucket's key
	 * @param policy capacity and refill rate
	 * @return the decision
	 * @throws ValkeyUnavailableException when Valkey cannot answer within the command timeout
	 */
	public RateLimitDecision take(ValkeyConnection connection, String bucketKey, BucketPolicy policy) {
		return decision(SCRIPT.execute(connection, ScriptOutputType.MULTI, new String[] { bucketKey }, args(policy)));
	}

	/**
	 * @param policy the bucket's shape
	 * @return the script's ARGV: capacity (tokens), refill interval (ms per token), idle margin (ms)
	 */
	static String[] args(BucketPolicy policy) {
		return new String[] { Integer.toString(policy.capacity()), Long.toString(policy.refillInterval().toMillis()),
				Long.toString(IDLE_MARGIN_MS) };
	}

	/**
	 * @param reply the script's reply; items after its first {@value #REPLY_ITEMS} are not read
	 * @return the decision it holds
	 */
	static RateLimitDecision decision(List<Long> reply) {
		return new RateLimitDecision(reply.get(0) == 1L, reply.get(1), reply.get(2), reply.get(3));
	}

}
