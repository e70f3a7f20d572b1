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
import io.lettuce.core.cluster.ClusterClientOptions;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;
import io.minitickets.core.valkey.ValkeyUrl;

/**
 * Short-lived connections to a Valkey server or a Valkey Cluster: is it there, and deleting one stack's keys (by SCAN
 * and UNLINK of its prefix; never FLUSHDB, the server may be shared).
 */
public final class ValkeyProbe {

	private static final Duration TIMEOUT = Duration.ofSeconds(2);

	private ValkeyProbe() {
	}

	/**
	 * @param url a {@code redis://} or {@code redis-cluster://} URL
	 * @return true when the server (a node of the cluster) answered PING within 2 s
	 */
	public static boolean reachable(String url) {
		try {
			return "PONG".equals(call(url, RedisClusterCommands::ping));
		}
		catch (RedisException | IllegalArgumentException ex) {
			return false;
		}
	}

	/**
	 * Deletes every key that starts with a prefix, on every node of a cluster.
	 * @param url a {@code redis://} or {@code redis-cluster://} URL
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
	 * Runs commands on a short-lived connection (2 s timeouts, no reconnect); on a cluster each command goes to its
	 * key's node, and SCAN and multi-key commands span the nodes.
	 * @param <T> what the commands return
	 * @param url a {@code redis://} or {@code redis-cluster://} URL
	 * @param action the commands
	 * @return what the commands returned
	 * @throws RedisException when the server cannot be reached or a command fails
	 */
	public static <T> T call(String url, Function<RedisClusterCommands<String, String>, T> action) {
		SocketOptions socket = SocketOptions.builder().connectTimeout(TIMEOUT).build();
		if (ValkeyUrl.isCluster(url)) {
			List<RedisURI> seeds = ValkeyUrl.clusterSeeds(url);
			seeds.forEach((seed) -> seed.setTimeout(TIMEOUT));
			RedisClusterClient cluster = RedisClusterClient.create(seeds);
			cluster.setOptions(ClusterClientOptions.builder().autoReconnect(false).socketOptions(socket).build());
			try (StatefulRedisClusterConnection<String, String> connection = cluster.connect()) {
				return action.apply(connection.sync());
			}
			finally {
				cluster.shutdown(Duration.ZERO, TIMEOUT);
			}
		}
		RedisURI uri = RedisURI.create(url);
		uri.setTimeout(TIMEOUT);
		RedisClient standalone = RedisClient.create();
		standalone.setOptions(ClientOptions.builder().autoReconnect(false).socketOptions(socket).build());
		try (StatefulRedisConnection<String, String> connection = standalone.connect(uri)) {
			return action.apply(connection.sync());
		}
		finally {
			standalone.shutdown(Duration.ZERO, TIMEOUT);
		}
	}

}
