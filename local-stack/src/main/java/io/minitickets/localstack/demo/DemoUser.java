package io.minitickets.localstack.demo;

/**
 * A user created for one run, with an access token minted for it.
 *
 * @param id the user's id in api-service
 * @param email the user's email
 * @param token a Bearer token for the user, role USER
 */
record DemoUser(long id, String email, String token) {

}
