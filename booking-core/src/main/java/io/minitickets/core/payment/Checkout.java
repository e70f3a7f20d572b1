package io.minitickets.core.payment;

import java.net.URI;
import java.time.Instant;

/**
 * A hosted checkout the provider created for a held booking.
 *
 * @param checkoutId the provider's id of the checkout ({@code cs_…} at Stripe)
 * @param bookingId the booking it is for
 * @param url where to send the customer to pay
 * @param expiresAt when the provider stops taking payments on it
 */
public record Checkout(String checkoutId, String bookingId, URI url, Instant expiresAt) {
}
