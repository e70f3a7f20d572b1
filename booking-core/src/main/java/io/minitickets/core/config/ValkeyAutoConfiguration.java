package io.minitickets.core.config;

import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.DefaultClientResources;
import io.minitickets.core.inventory.GateProperties;
import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.ratelimit.RateLimiter;
import io.minitickets.core.status.BookingStatusCache;
import io.minitickets.core.status.StatusCacheProperties;
import io.minitickets.core.valkey.ValkeyConnection;
import io.minitickets.core.valkey.ValkeyKeys;
import io.minitickets.core.valkey.ValkeyProperties;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Primary;

/**
 * The shared Valkey wrappers: one connection for the limiter, the status cache and idempotency keys, one for the
 * inventory gate (the same node unless {@code minitickets.valkey.gate-url} says otherwise).
 */
@AutoConfiguration
@EnableConfigurationProperties({ ValkeyProperties.class, GateProperties.class, StatusCacheProperties.class })
public class ValkeyAutoConfiguration {

	/** Name of the gate's connection bean. */
	public static final String GATE_CONNECTION = "gateValkeyConnection";

	@Bean(destroyMethod = "shutdown")
	@ConditionalOnMissingBean
	ClientResources lettuceClientResources() {
		return DefaultClientResources.create();
	}

	@Bean
	@ConditionalOnMissingBean
	ValkeyKeys valkeyKeys(ValkeyProperties properties) {
		return new ValkeyKeys(properties.keyPrefix());
	}

	@Bean
	@Primary
	ValkeyConnection valkeyConnection(ValkeyProperties properties, ClientResources resources) {
		return new ValkeyConnection("limiter", properties.url(), properties.commandTimeout(),
				properties.connectTimeout(), resources);
	}

	@Bean(GATE_CONNECTION)
	ValkeyConnection gateValkeyConnection(ValkeyProperties properties, ClientResources resources) {
		return new ValkeyConnection("gate", properties.effectiveGateUrl(), properties.commandTimeout(),
				properties.connectTimeout(), resources);
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
