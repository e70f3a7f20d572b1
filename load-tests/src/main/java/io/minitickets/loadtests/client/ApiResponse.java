package io.minitickets.loadtests.client;

/**
 * What api-service answered.
 *
 * @param status the HTTP status code
 * @param body the body as text, empty when none
 */
public record ApiResponse(int status, String body) {

}
