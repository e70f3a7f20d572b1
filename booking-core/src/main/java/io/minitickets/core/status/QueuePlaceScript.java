package io.minitickets.core.status;

import java.util.concurrent.CompletionStage;

import io.lettuce.core.ScriptOutputType;
import io.minitickets.core.valkey.LuaScript;
import io.minitickets.core.valkey.ValkeyConnection;

/**
 * {@code scripts/record-queue-place.lua}: record a PENDING booking's partition and offset in its status entry.
 * <p>
 * KEYS: {@code bk:{<id>}}. ARGV: partition, offset. Reply: 1 recorded, 0 not (no entry, or a status past PENDING); the
 * entry keeps its TTL.
 */
final class QueuePlaceScript {

	private final LuaScript script = LuaScript.load("record-queue-place.lua");

	CompletionStage<Long> recordAsync(ValkeyConnection connection, String key, QueuePlace place) {
		return this.script.executeAsync(connection, ScriptOutputType.INTEGER, new String[] { key },
				Integer.toString(place.partition()), Long.toString(place.offset()));
	}

}
