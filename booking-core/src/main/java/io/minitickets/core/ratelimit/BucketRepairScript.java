package io.minitickets.core.ratelimit;

import io.lettuce.core.ScriptOutputType;
import io.minitickets.core.valkey.LuaScript;
import io.minitickets.core.valkey.ValkeyConnection;
import io.minitickets.core.valkey.ValkeyUnavailableException;

/**
 * {@code scripts/repair-token-bucket.lua}: deletes a token bucket only while it is corrupt (another Valkey type than
 * hash, or a {@code credit_ms} or {@code ts} that is not a whole number), so that the next take starts it full.
 * <p>
 * KEYS: the bucket. ARGV: none. Reply: 1 deleted, 0 the bucket is sound or absent (nothing changed).
 */
final class BucketRepairScript {

	private static final LuaScript SCRIPT = LuaScript.load("repair-token-bucket.lua");

	/**
	 * Deletes the bucket while it is corrupt.
	 * @param connection the limiter's Valkey
	 * @param bucketKey the bucket's key
	 * @return true when it was corrupt and is deleted; false when it is sound or absent
	 * @throws ValkeyUnavailableException when Valkey cannot answer within the command timeout
	 */
	boolean repair(ValkeyConnection connection, String bucketKey) {
		Long deleted = SCRIPT.execute(connection, ScriptOutputType.INTEGER, new String[] { bucketKey });
		return deleted == 1L;
	}

}
