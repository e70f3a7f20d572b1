package io.minitickets.api.payment;

import java.net.URI;
import java.time.Instant;

/**
 * The checkout of a held booking, as its owner gets it.
 *
 * @param checkoutId the provider's id of the checkout ({@code cs_…})
 * @param checkoutUrl where to pay
 * @param amount what to pay, in minor units of {@code currency} (the event's price × quantity)
 * @param currency ISO 4217 code
 * @param holdExpiresAt when the hold expires unpaid; a payment after it confirms only if the seats are still free
 */
record CheckoutView(String checkoutId, URI checkoutUrl, long amount, String currency, Instant holdExpiresAt) {
}
