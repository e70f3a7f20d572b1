package io.minitickets.core.security;

import java.time.Instant;

/**
 * A signed access token.
 *
 * @param token the compact JWT, for an {@code Authorization: Bearer} header
 * @param expiresAt when it stops being accepted
 */
public record AccessToken(String token, Instant expiresAt) {
}
