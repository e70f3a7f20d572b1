package io.minitickets.api.admin;

import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The bootstrap admin ({@code minitickets.admin.*}; env {@code MINITICKETS_ADMIN_EMAIL},
 * {@code MINITICKETS_ADMIN_PASSWORD}). Created at start-up when both are set and the email is not taken.
 *
 * @param email the admin's login; null for no bootstrap admin
 * @param password the admin's password; null for no bootstrap admin
 */
@ConfigurationProperties("minitickets.admin")
public record AdminProperties(@Nullable String email, @Nullable String password) {
}
