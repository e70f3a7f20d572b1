package io.minitickets.loadtests.client;

/**
 * A user of a run (demo, chaos, simulation).
 *
 * @param id the user's id in Postgres
 * @param token an access token for it (Bearer, role USER)
 */
public record LoadUser(long id, String token) {

}
