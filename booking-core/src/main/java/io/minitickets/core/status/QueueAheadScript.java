package io.minitickets.core.status;

import io.lettuce.core.ScriptOutputType;
import io.minitickets.core.valkey.LuaScript;
import io.minitickets.core.valkey.ValkeyConnection;

/**
 * {@code scripts/lower-queue-ahead.lua}: keep the smallest queue position answered for a PENDING booking in its status
 * entry.
 * <p>
 * KEYS: {@code bk:{<id>}}. ARGV: the measured position. Reply: the smallest recorded now; -1 without a PENDING entry.
 */
final class QueueAheadScript {

	private final LuaScript script = LuaScript.load("lower-queue-ahead.lua");

	long lower(ValkeyConnection connection, String key, long measured) {
		Long smallest = this.script.execute(connection, ScriptOutputType.INTEGER, new String[] { key },
				Long.toString(measured));
		return smallest;
	}

}
