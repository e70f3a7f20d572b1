package io.minitickets.loadtests.bench.sse;

/**
 * A customer whose booking was accepted (202).
 *
 * @param token the customer's access token
 * @param bookingId the booking the 202 named
 */
public record Customer(String token, String bookingId) {
}
