package io.minitickets.core.ratelimit;

import java.util.List;

import io.lettuce.core.ScriptOutputType;
import io.minitickets.core.valkey.LuaScript;
import io.minitickets.core.valkey.ValkeyConnection;
import io.minitickets.core.valkey.ValkeyUnavailableException;

/**
 * A script that runs in the same Valkey call as a token take, and only when the token was taken: one round trip where
 * the limiter and then the script would take two (issue 8, the hot path: each round trip costs the caller more CPU
 * than anything else it does).
 * <p>
 * Composed when loaded from {@code take-token-then.lua}, {@code take-token.lua} and the guarded script, each file
 * unchanged and the one source of its logic (see {@link LuaScript#withFunction}), so the bucket behaves exactly as
 * {@link TokenBucketScript}'s and the guarded script exactly as when called alone. Only on one Valkey node: the
 * bucket's hash tag is not the guarded keys', which a Valkey Cluster refuses in one script.
 */
public final class TokenGuardedScript {

	private final LuaScript script;

	/**
	 * @param guarded the script to run after a token was taken; its reply must be a table, not one string alone (that
	 * stands for its failure)
	 */
	public TokenGuardedScript(LuaScript guarded) {
		this.script = LuaScript.load("take-token-then.lua")
			.withFunction("guarded", guarded)
			.withFunction("take_token", TokenBucketScript.SCRIPT);
	}

	/**
	 * Takes one token and, when one was taken, runs the guarded script. A runtime error of the guarded script is its
	 * own failure ({@link GuardedReply#failure()}), not the bucket's: the token stays taken.
	 * @throws ValkeyUnavailableException when Valkey cannot answer within the command timeout: whether the token was
	 * taken and the guarded script ran is then unknown
	 */
	GuardedReply run(ValkeyConnection connection, String bucketKey, BucketPolicy policy, String[] keys,
			String... args) {
		String[] allKeys = new String[keys.length + 1];
		allKeys[0] = bucketKey;
		System.arraycopy(keys, 0, allKeys, 1, keys.length);
		String[] tokenArgs = TokenBucketScript.args(policy);
		String[] allArgs = new String[tokenArgs.length + args.length];
		System.arraycopy(tokenArgs, 0, allArgs, 0, tokenArgs.length);
		System.arraycopy(args, 0, allArgs, tokenArgs.length, args.length);
		List<Object> reply = this.script.execute(connection, ScriptOutputType.MULTI, allKeys, allArgs);
		RateLimitDecision decision = TokenBucketScript
			.decision(reply.subList(0, TokenBucketScript.REPLY_ITEMS).stream().map(Long.class::cast).toList());
		List<Object> guarded = reply.subList(TokenBucketScript.REPLY_ITEMS, reply.size());
		if (guarded.size() == 1 && guarded.get(0) instanceof String failure) {
			return new GuardedReply(decision, List.of(), failure);
		}
		return new GuardedReply(decision, List.copyOf(guarded), null);
	}

}
