package io.minitickets.core.valkey;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

import io.lettuce.core.AbstractRedisClient;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisException;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.StatefulConnection;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.cluster.ClusterClientOptions;
import io.lettuce.core.cluster.ClusterTopologyRefreshOptions;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;
import io.lettuce.core.resource.ClientResources;
import org.jspecify.annotations.Nullable;

/**
 * One shared Lettuce connection to one Valkey node or one Valkey Cluster, opened on first use and tuned to fail fast.
 * <p>
 * Lettuce pipelines concurrent callers over the one connection, so every request thread shares it. Its defaults (60 s
 * command timeout, commands buffered while disconnected) would turn an outage into hangs; here commands time out after
 * the configured command timeout and are rejected at once while disconnected (DESIGN.md, invariant 6). The connection
 * is tried at construction and, if Valkey is down then, again on use, so a service starts while Valkey is down; while
 * one caller connects, others wait for it at most the connect timeout.
 * <p>
 * A {@code redis-cluster://host:port,host:port} URL selects Lettuce's cluster client: each command goes to the primary
 * of its key's slot, the topology is refreshed every 10 s and at once on MOVED, ASK or a lost node, and commands for
 * the slots of a node that is down fail fast like every other command, while the other nodes' slots keep answering.
 */
public final class ValkeyConnection implements AutoCloseable {

	/** How often the cluster client re-reads the topology, besides the refreshes that MOVED or ASK trigger. */
	static final Duration TOPOLOGY_REFRESH = Duration.ofSeconds(10);

	private final String name;

	private final AbstractRedisClient client;

	private final Connector connector;

	private final ReentrantLock connectLock = new ReentrantLock();

	private final Duration connectTimeout;

	private final boolean cluster;

	private volatile @Nullable Connected connection;

	/**
	 * @param name what the connection is for, in messages ("shared", "gate")
	 * @param url a {@code redis://} URI for one node, or {@code redis-cluster://[credentials@]host:port[,host:port…]}
	 * naming seed nodes of a cluster
	 * @param commandTimeout the most one command may take
	 * @param connectTimeout the most a TCP connect may take
	 * @param resources Lettuce's shared event loops
	 * @throws IllegalArgumentException when the URL does not parse
	 */
	public ValkeyConnection(String name, String url, Duration commandTimeout, Duration connectTimeout,
			ClientResources resources) {
		this.name = name;
		this.connectTimeout = connectTimeout;
		SocketOptions socket = SocketOptions.builder().connectTimeout(connectTimeout).keepAlive(true).build();
		TimeoutOptions timeouts = TimeoutOptions.enabled(commandTimeout);
		this.cluster = ValkeyUrl.isCluster(url);
		if (this.cluster) {
			List<RedisURI> seeds = ValkeyUrl.clusterSeeds(url);
			seeds.forEach((seed) -> seed.setTimeout(commandTimeout));
			RedisClusterClient cluster = RedisClusterClient.create(resources, seeds);
			cluster.setOptions(ClusterClientOptions.builder()
				.autoReconnect(true)
				.disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
				.timeoutOptions(timeouts)
				.socketOptions(socket)
				.topologyRefreshOptions(ClusterTopologyRefreshOptions.builder()
					.enablePeriodicRefresh(TOPOLOGY_REFRESH)
					.enableAllAdaptiveRefreshTriggers()
					.build())
				.build());
			this.client = cluster;
			this.connector = () -> Connected.of(cluster.connect());
		}
		else {
			RedisURI uri = RedisURI.create(url);
			uri.setTimeout(commandTimeout);
			RedisClient standalone = RedisClient.create(resources, uri);
			standalone.setOptions(ClientOptions.builder()
				.autoReconnect(true)
				.disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
				.timeoutOptions(timeouts)
				.socketOptions(socket)
				.build());
			this.client = standalone;
			this.connector = () -> Connected.of(standalone.connect());
		}
		try {
			connection();
		}
		catch (ValkeyUnavailableException ex) {
			// Started while Valkey is down: the next command tries again.
		}
	}

	/**
	 * Synchronous commands on the shared connection; on a cluster each goes to its key's node.
	 * @return the commands
	 * @throws ValkeyUnavailableException when no connection can be made now
	 */
	public RedisClusterCommands<String, String> sync() {
		return connection().sync();
	}

	/**
	 * Asynchronous commands on the shared connection, for pipelining many commands; on a cluster each goes to its
	 * key's node.
	 * @return the commands
	 * @throws ValkeyUnavailableException when no connection can be made now
	 */
	public RedisClusterAsyncCommands<String, String> async() {
		return connection().async();
	}

	/**
	 * Waits for a command's reply without a timeout of its own: the connection's command timeout (Lettuce's
	 * {@link TimeoutOptions}) completes every command within it. An untimed wait parks a virtual thread without
	 * scheduling a timer to wake it, as the synchronous API's timed wait does for every command.
	 * @param <T> the reply type
	 * @param reply a command sent on a connection of this class
	 * @return the reply
	 * @throws RedisException when the command failed or timed out, or the wait was interrupted
	 */
	public static <T> T await(Future<T> reply) {
		try {
			return reply.get();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new RedisException("Interrupted while waiting for Valkey", ex);
		}
		catch (ExecutionException ex) {
			throw (ex.getCause() instanceof RedisException redis) ? redis : new RedisException(ex.getCause());
		}
	}

	/**
	 * @return true when this is a connection to a Valkey Cluster, whose scripts may only touch keys of one hash slot
	 */
	public boolean isCluster() {
		return this.cluster;
	}

	/**
	 * What the connection is for.
	 * @return its name
	 */
	public String name() {
		return this.name;
	}

	private Connected connection() {
		Connected current = this.connection;
		if (current != null) {
			return current;
		}
		try {
			if (!this.connectLock.tryLock(this.connectTimeout.toMillis(), TimeUnit.MILLISECONDS)) {
				throw new ValkeyUnavailableException("Valkey (" + this.name + ") is being connected",
						new RedisException("connect in progress"));
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new ValkeyUnavailableException("Valkey (" + this.name + ") connect interrupted", new RedisException(ex));
		}
		try {
			Connected connected = this.connection;
			if (connected == null) {
				connected = this.connector.connect();
				this.connection = connected;
			}
			return connected;
		}
		catch (RedisException ex) {
			throw new ValkeyUnavailableException("Valkey (" + this.name + ") is unreachable", ex);
		}
		finally {
			this.connectLock.unlock();
		}
	}

	@Override
	public void close() {
		Connected current = this.connection;
		if (current != null) {
			current.stateful().close();
		}
		this.client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
	}

	@FunctionalInterface
	private interface Connector {

		Connected connect();

	}

	private record Connected(StatefulConnection<String, String> stateful, RedisClusterCommands<String, String> sync,
			RedisClusterAsyncCommands<String, String> async) {

		static Connected of(StatefulRedisConnection<String, String> connection) {
			return new Connected(connection, connection.sync(), connection.async());
		}

		static Connected of(StatefulRedisClusterConnection<String, String> connection) {
			return new Connected(connection, connection.sync(), connection.async());
		}

	}

}
