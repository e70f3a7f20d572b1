package io.minitickets.api.auth;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Verification of access tokens ({@code minitickets.auth.*}).
 *
 * @param verifiedTokenCacheSize the most verified access tokens remembered until their expiry, so that a token is
 * verified once rather than on every request (about 2 KB each)
 */
@ConfigurationProperties("minitickets.auth")
public record AuthProperties(@DefaultValue("100000") long verifiedTokenCacheSize) {
}
