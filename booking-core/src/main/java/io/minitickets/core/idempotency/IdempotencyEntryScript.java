package io.minitickets.core.idempotency;

import java.time.Duration;
import java.util.concurrent.CompletionStage;

import io.lettuce.core.ScriptOutputType;
import io.minitickets.core.valkey.LuaScript;
import io.minitickets.core.valkey.ValkeyConnection;
import io.minitickets.core.valkey.ValkeyUnavailableException;

/**
 * {@code scripts/replace-idempotency-entry.lua}: replaces or deletes an Idempotency-Key's entry only while it holds
 * what the caller read (compare-and-set, compare-and-delete).
 * <p>
 * KEYS: {@code idem:{user:<id>}:<key>}. ARGV: the expected kind ({@code string} or {@code other}), the expected
 * string, the replacement ('' deletes), the replacement's TTL (ms). Reply: 1 replaced or deleted, 0 the entry holds
 * something else (nothing changed).
 */
public final class IdempotencyEntryScript {

	private final LuaScript script = LuaScript.load("replace-idempotency-entry.lua");

	/**
	 * Replaces the entry while it holds {@code expected}.
	 * @param connection the Valkey of the idempotency keys
	 * @param key the entry's key
	 * @param expected the string the entry must hold now
	 * @param replacement the new string, not empty
	 * @param ttl how long the new string lives
	 * @return true when replaced; false when the entry holds something else or nothing
	 * @throws ValkeyUnavailableException when Valkey cannot answer within the command timeout
	 */
	public boolean replace(ValkeyConnection connection, String key, String expected, String replacement,
			Duration ttl) {
		return run(connection, key, "string", expected, requireValue(replacement), ttl);
	}

	/**
	 * Replaces the entry while it holds a value of another type than string (a corrupt entry: no request writes one).
	 * @param connection the Valkey of the idempotency keys
	 * @param key the entry's key
	 * @param replacement the new string, not empty
	 * @param ttl how long the new string lives
	 * @return true when replaced; false when the entry is a string or absent
	 * @throws ValkeyUnavailableException when Valkey cannot answer within the command timeout
	 */
	public boolean replaceOtherType(ValkeyConnection connection, String key, String replacement, Duration ttl) {
		return run(connection, key, "other", "", requireValue(replacement), ttl);
	}

	/**
	 * Deletes the entry while it holds {@code expected}.
	 * @param connection the Valkey of the idempotency keys
	 * @param key the entry's key
	 * @param expected the string the entry must hold now
	 * @return true when deleted; false when the entry holds something else or nothing
	 * @throws ValkeyUnavailableException when Valkey cannot answer within the command timeout
	 */
	public boolean delete(ValkeyConnection connection, String key, String expected) {
		return run(connection, key, "string", expected, "", Duration.ZERO);
	}

	/**
	 * As {@link #replace}, without waiting for the answer.
	 * @param connection the Valkey of the idempotency keys
	 * @param key the entry's key
	 * @param expected the string the entry must hold now
	 * @param replacement the new string, not empty
	 * @param ttl how long the new string lives
	 * @return true when replaced; false when the entry holds something else or nothing; completes exceptionally with
	 * a Lettuce exception when Valkey fails
	 * @throws ValkeyUnavailableException when no connection can be made now
	 */
	public CompletionStage<Boolean> replaceAsync(ValkeyConnection connection, String key, String expected,
			String replacement, Duration ttl) {
		return this.script
			.<Long>executeAsync(connection, ScriptOutputType.INTEGER, new String[] { key }, "string", expected,
					requireValue(replacement), Long.toString(ttl.toMillis()))
			.thenApply((done) -> done == 1L);
	}

	private boolean run(ValkeyConnection connection, String key, String kind, String expected, String replacement,
			Duration ttl) {
		Long done = this.script.execute(connection, ScriptOutputType.INTEGER, new String[] { key }, kind, expected,
				replacement, Long.toString(ttl.toMillis()));
		return done == 1L;
	}

	private static String requireValue(String replacement) {
		if (replacement.isEmpty()) {
			throw new IllegalArgumentException("a replacement must not be empty: '' deletes");
		}
		return replacement;
	}

}
