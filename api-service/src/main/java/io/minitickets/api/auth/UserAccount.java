package io.minitickets.api.auth;

/**
 * A user who can log in.
 *
 * @param id the user id, the subject of their tokens
 * @param email their login, unique ignoring case
 * @param passwordHash the encoded password ({@code {bcrypt}...})
 * @param role USER or ADMIN
 */
public record UserAccount(long id, String email, String passwordHash, String role) {
}
