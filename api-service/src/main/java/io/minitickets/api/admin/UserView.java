package io.minitickets.api.admin;

/**
 * A user as the admin API shows it: never the password hash.
 *
 * @param id the user id
 * @param email the login
 * @param role USER or ADMIN
 */
record UserView(long id, String email, String role) {
}
