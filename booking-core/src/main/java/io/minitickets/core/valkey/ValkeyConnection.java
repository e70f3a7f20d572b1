package io.minitickets.core.valkey;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisException;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.async.RedisAsyncCommands;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.resource.ClientResources;
import org.jspecify.annotations.Nullable;

/**
 * One shared Lettuce connection to one Valkey node, opened on first use and tuned to fail fast.
 * <p>
 * Lettuce pipelines concurrent callers over the one connection, so every request thread shares it. Its defaults (60 s
 * command timeout, commands buffered while disconnected) would turn an outage into hangs; here commands time out after
 * the configured command timeout and are rejected at once while disconnected (DESIGN.md, invariant 6). The connection
 * is tried at construction and, if Valkey is down then, again on use, so a service starts while Valkey is down; while
 * one caller connects, others wait for it at most the connect timeout.
 */
public final class ValkeyConnection implements AutoCloseable {

	private final String name;

	private final RedisClient client;

	private final ReentrantLock connectLock = new ReentrantLock();

	private final Duration connectTimeout;

	private volatile @Nullable StatefulRedisConnection<String, String> connection;

	/**
	 * @param name what the connection is for, in messages ("limiter", "gate")
	 * @param url a redis:// URI
	 * @param commandTimeout the most one command may take
	 * @param connectTimeout the most a TCP connect may take
	 * @param resources Lettuce's shared event loops
	 */
	public ValkeyConnection(String name, String url, Duration commandTimeout, Duration connectTimeout,
			ClientResources resources) {
		this.name = name;
		RedisURI uri = RedisURI.create(url);
		uri.setTimeout(commandTimeout);
		this.client = RedisClient.create(resources, uri);
		this.client.setOptions(ClientOptions.builder()
			.autoReconnect(true)
			.disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
			.timeoutOptions(TimeoutOptions.enabled(commandTimeout))
			.socketOptions(SocketOptions.builder().connectTimeout(connectTimeout).keepAlive(true).build())
			.build());
		this.connectTimeout = connectTimeout;
		try {
			connection();
		}
		catch (ValkeyUnavailableException ex) {
			// Started while Valkey is down: the next command tries again.
		}
	}

	/**
	 * Synchronous commands on the shared connection.
	 * @return the commands
	 * @throws ValkeyUnavailableException when no connection can be made now
	 */
	public RedisCommands<String, String> sync() {
		return connection().sync();
	}

	/**
	 * Asynchronous commands on the shared connection, for pipelining many commands.
	 * @return the commands
	 * @throws ValkeyUnavailableException when no connection can be made now
	 */
	public RedisAsyncCommands<String, String> async() {
		return connection().async();
	}

	/**
	 * What the connection is for.
	 * @return its name
	 */
	public String name() {
		return this.name;
	}

	private StatefulRedisConnection<String, String> connection() {
		StatefulRedisConnection<String, String> current = this.connection;
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
			if (this.connection == null) {
				this.connection = this.client.connect();
			}
			return this.connection;
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
		StatefulRedisConnection<String, String> current = this.connection;
		if (current != null) {
			current.close();
		}
		this.client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
	}

}
