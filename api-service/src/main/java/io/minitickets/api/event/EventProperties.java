package io.minitickets.api.event;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Event data on the hot path ({@code minitickets.events.*}).
 *
 * @param cacheTtl how long an event read from Postgres is reused in-process (DESIGN.md: a short TTL, so the sold-out
 * path touches only Valkey)
 * @param cacheSize the most events kept in the cache
 */
@ConfigurationProperties("minitickets.events")
public record EventProperties(@DefaultValue("2s") Duration cacheTtl, @DefaultValue("10000") long cacheSize) {
}
