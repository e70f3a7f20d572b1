package io.minitickets.core.valkey;

import java.time.Duration;

import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How the services reach Valkey ({@code minitickets.valkey.*}).
 *
 * @param url Valkey for the rate limiter, the status cache and idempotency keys: a {@code redis://} URI for one node,
 * or {@code redis-cluster://[credentials@]host:port[,host:port…]} naming seed nodes of a Valkey Cluster
 * @param gateUrl Valkey for the inventory gate, in the same forms, over a connection of its own; unset, the gate uses
 * {@code url}'s connection. A separate node lets the gate fail on its own, which the gate survives by failing open
 * @param commandTimeout how long one command may take before it counts as a failure; short (DESIGN.md: 100–250 ms)
 * so the limiter fails closed and the gate fails open quickly instead of hanging
 * @param connectTimeout how long to wait for a TCP connection to Valkey
 * @param keyPrefix prepended to every key, outside the hash tag; lets several stacks or test runs share one Valkey
 */
@ConfigurationProperties("minitickets.valkey")
public record ValkeyProperties(@DefaultValue("redis://127.0.0.1:6379") String url, @Nullable String gateUrl,
		@DefaultValue("250ms") Duration commandTimeout, @DefaultValue("250ms") Duration connectTimeout,
		@DefaultValue("") String keyPrefix) {

	/**
	 * The inventory gate's Valkey.
	 * @return {@code gateUrl} when set, else {@code url}
	 */
	public String effectiveGateUrl() {
		return (this.gateUrl != null && !this.gateUrl.isBlank()) ? this.gateUrl : this.url;
	}

}
