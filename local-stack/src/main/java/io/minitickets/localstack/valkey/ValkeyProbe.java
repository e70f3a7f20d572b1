package io.minitickets.localstack.valkey;

import java.time.Duration;
import java.util.List;
import java.util.function.Function;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.KeyScanCursor;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisException;
import io.lettuce.core.RedisURI;
import io.lettuce.core.ScanArgs;
import io.lettuce.core.ScanCursor;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;

/**
 * Short-lived connections to a Valkey server: is it there, and deleting one stack's keys (by SCAN and UNLINK of its
 * prefix; never FLUSHDB, the server may be shared).
 */
public final class ValkeyProbe {

	private static final Duration TIMEOUT = Duration.ofSeconds(2);

	private ValkeyProbe() {
	}

	/**
	 * @param url a redis:// URL
	 * @return true when the server answered PING within 2 s
	 */
	public static boolean reachable(String url) {
		try {
			return "PONG".equals(call(url, RedisCommands::ping));
		}
		catch (RedisException | IllegalArgumentException ex) {
			return false;
		}
	}

	/**
	 * Deletes every key that starts with a prefix.
	 * @param url a redis:// URL
	 * @param prefix a non-empty key prefix without glob characters, for example {@code stack-1a2b3c4d:}
	 * @return how many keys were deleted
	 * @throws RedisException when the server cannot be reached
	 */
	public static long deleteKeys(String url, String prefix) {
		if (prefix.isEmpty() || prefix.matches(".*[*?\\[\\]\\\\].*")) {
			throw new IllegalArgumentException("Refusing to delete keys by the prefix '" + prefix + "'");
		}
		return call(url, (commands) -> {
			long deleted = 0;
			ScanArgs match = ScanArgs.Builder.matches(prefix + "*").limit(1000);
			ScanCursor cursor = ScanCursor.INITIAL;
			do {
				KeyScanCursor<String> page = commands.scan(cursor, match);
				List<String> keys = page.getKeys();
				if (!keys.isEmpty()) {
					deleted += commands.unlink(keys.toArray(String[]::new));
				}
				cursor = page;
			}
			while (!cursor.isFinished());
			return deleted;
		});
	}

	/**
	 * Runs commands on a short-lived connection (2 s timeouts, no reconnect).
	 * @param <T> what the commands return
	 * @param url a redis:// URL
	 * @param action the commands
	 * @return what the commands returned
	 * @throws RedisException when the server cannot be reached or a command fails
	 */
	public static <T> T call(String url, Function<RedisCommands<String, String>, T> action) {
		RedisURI uri = RedisURI.create(url);
		uri.setTimeout(TIMEOUT);
		RedisClient client = RedisClient.create();
		client.setOptions(ClientOptions.builder()
			.autoReconnect(false)
			.socketOptions(SocketOptions.builder().connectTimeout(TIMEOUT).build())
			.build());
		try (StatefulRedisConnection<String, String> connection = client.connect(uri)) {
			return action.apply(connection.sync());
		}
		finally {
			client.shutdown(Duration.ZERO, TIMEOUT);
		}
	}

}
