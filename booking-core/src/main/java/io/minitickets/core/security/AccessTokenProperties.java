package io.minitickets.core.security;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Access tokens ({@code minitickets.jwt.*}).
 *
 * @param secret the HS256 signing key, at least 32 bytes; there is no default outside the local stack, and start-up
 * fails without one ({@code MINITICKETS_JWT_SECRET})
 * @param ttl how long a token is valid
 * @param issuer the {@code iss} claim written and required
 */
@ConfigurationProperties("minitickets.jwt")
public record AccessTokenProperties(String secret, @DefaultValue("1h") Duration ttl,
		@DefaultValue("minitickets") String issuer) {
}
