package io.minitickets.core.config;

import io.lettuce.core.resource.ClientResources;
import io.minitickets.core.inventory.GateProperties;
import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.ratelimit.RateLimiter;
import io.minitickets.core.status.BookingStatusCache;
import io.minitickets.core.status.StatusCacheProperties;
import io.minitickets.core.valkey.ConsolidatedFlushes;
import io.minitickets.core.valkey.ValkeyConnection;
import io.minitickets.core.valkey.ValkeyKeys;
import io.minitickets.core.valkey.ValkeyProperties;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Primary;

/**
 * The shared Valkey wrappers: one connection for the limiter, the status cache, idempotency keys and the inventory
 * gate, unless {@code minitickets.valkey.gate-url} gives the gate a Valkey (and a connection) of its own. Lettuce's
 * event loops coalesce the flushes of concurrent commands ({@link ConsolidatedFlushes}).
 */
@AutoConfiguration
@EnableConfigurationProperties({ ValkeyProperties.class, GateProperties.class, StatusCacheProperties.class })
public class ValkeyAutoConfiguration {

	/** Name of the gate's connection bean. */
	public static final String GATE_CONNECTION = "gateValkeyConnection";

	@Bean(destroyMethod = "shutdown")
	@ConditionalOnMissingBean
	ClientResources lettuceClientResources() {
		return ConsolidatedFlushes.clientResources();
	}

	@Bean
	@ConditionalOnMissingBean
	ValkeyKeys valkeyKeys(ValkeyProperties properties) {
		return new ValkeyKeys(properties.keyPrefix());
	}

	@Bean
	@Primary
	ValkeyConnection valkeyConnection(ValkeyProperties properties, ClientResources resources) {
		return new ValkeyConnection("shared", properties.url(), properties.commandTimeout(),
				properties.connectTimeout(), resources);
	}

	/**
	 * The inventory gate's own connection, when {@code minitickets.valkey.gate-url} names its Valkey: the gate can then
	 * fail on its own, and fails open.
	 */
	@Bean(GATE_CONNECTION)
	@ConditionalOnProperty(prefix = "minitickets.valkey", name = "gate-url")
	ValkeyConnection gateValkeyConnection(ValkeyProperties properties, ClientResources resources) {
		return new ValkeyConnection("gate", properties.effectiveGateUrl(), properties.commandTimeout(),
				properties.connectTimeout(), resources);
	}

	/**
	 * Without a gate URL the gate's commands go over the shared connection itself: the limiter's and the gate's
	 * commands of concurrent requests then leave in the same writes, handled by one event loop (issue 8's hot path:
	 * fewer writes and wake-ups per booking; docs/BENCHMARKS.md). Closed as the shared connection.
	 */
	@Bean(name = GATE_CONNECTION, destroyMethod = "")
	@ConditionalOnMissingBean(name = GATE_CONNECTION)
	ValkeyConnection sharedGateValkeyConnection(ValkeyConnection shared) {
		return shared;
	}

	@Bean
	@ConditionalOnMissingBean
	RateLimiter rateLimiter(ValkeyConnection connection, ValkeyKeys keys) {
		return new RateLimiter(connection, keys);
	}

	@Bean
	@ConditionalOnMissingBean
	InventoryGate inventoryGate(@Qualifier(GATE_CONNECTION) ValkeyConnection connection, ValkeyKeys keys,
			GateProperties properties) {
		return new InventoryGate(connection, keys, properties);
	}

	@Bean
	@ConditionalOnMissingBean
	BookingStatusCache bookingStatusCache(ValkeyConnection connection, ValkeyKeys keys,
			StatusCacheProperties properties) {
		return new BookingStatusCache(connection, keys, properties.ttl());
	}

}
