package io.minitickets.core.testing;

import java.time.Duration;

import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.DefaultClientResources;
import io.minitickets.core.valkey.ValkeyConnection;
import io.minitickets.core.valkey.ValkeyKeys;

/**
 * Plain (non-Spring) access to the real Valkey for tests of the scripts: a connection and a unique key schema.
 */
public final class TestValkey implements AutoCloseable {

	private final ClientResources resources = DefaultClientResources.create();

	private final ValkeyKeys keys = new ValkeyKeys(TestInfrastructure.uniqueKeyPrefix());

	/**
	 * Opens a new connection to the test Valkey with the production timeouts.
	 * @param name what it is for
	 * @return the connection
	 */
	public ValkeyConnection connect(String name) {
		return connect(name, TestInfrastructure.valkeyUrl());
	}

	/**
	 * Opens a new connection to any Valkey URL with the production timeouts (250 ms).
	 * @param name what it is for
	 * @param url where
	 * @return the connection
	 */
	public ValkeyConnection connect(String name, String url) {
		return new ValkeyConnection(name, url, Duration.ofMillis(250), Duration.ofMillis(250), this.resources);
	}

	/**
	 * @return a key schema whose prefix no other test uses
	 */
	public ValkeyKeys keys() {
		return this.keys;
	}

	@Override
	public void close() {
		this.resources.shutdown();
	}

}
