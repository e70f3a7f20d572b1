package io.minitickets.core.schema;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Who applies the Flyway migrations ({@code minitickets.schema.*}).
 *
 * @param migrate true in the one service that applies the migrations (api-service); the others only validate
 * @param waitTimeout how long a validating service waits for the schema to appear before it fails to start
 * @param retryInterval how long it waits between two validations
 */
@ConfigurationProperties("minitickets.schema")
public record SchemaProperties(@DefaultValue("false") boolean migrate, @DefaultValue("2m") Duration waitTimeout,
		@DefaultValue("1s") Duration retryInterval) {
}
