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

	/**
	 * Generous timeouts for the live test Valkey: the tests share a loaded 2-core machine (and its Valkey) with other
	 * builds, so a scheduling hiccup must not fail a test of a script's logic. The fail-fast timeouts themselves are
	 * what {@link #connect(String, String)} uses for nodes that are not there.
	 */
	private static final Duration LIVE_TIMEOUT = Duration.ofSeconds(5);

	private final ClientResources resources = DefaultClientResources.create();

	private final ValkeyKeys keys = new ValkeyKeys(TestInfrastructure.uniqueKeyPrefix());

	/**
	 * Opens a new connection to the test Valkey with generous timeouts (5 s), not the production ones: what these
	 * tests check is the scripts' logic, and a busy machine must not turn a slow answer into a failure.
	 * @param name what it is for
	 * @return the connection
	 */
	public ValkeyConnection connect(String name) {
		return new ValkeyConnection(name, TestInfrastructure.valkeyUrl(), LIVE_TIMEOUT, LIVE_TIMEOUT, this.resources);
	}

	/**
	 * Opens a new connection to any Valkey URL with the production timeouts (250 ms), for nodes that are not there.
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
