package io.minitickets.core.status;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The booking status cache ({@code minitickets.status-cache.*}).
 *
 * @param ttl how long a status stays in Valkey; polls after that read Postgres
 */
@ConfigurationProperties("minitickets.status-cache")
public record StatusCacheProperties(@DefaultValue("24h") Duration ttl) {
}
