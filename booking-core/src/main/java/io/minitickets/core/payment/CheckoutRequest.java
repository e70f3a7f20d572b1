package io.minitickets.core.payment;

import java.net.URI;
import java.time.Instant;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * What a checkout for a held booking asks the customer to pay.
 *
 * @param bookingId the held booking's id; also the provider's idempotency key and the checkout's
 * {@code client_reference_id}, so the webhook names the booking it pays for
 * @param amount the price in the currency's minor units (cents for EUR/USD, yen for JPY), at least 1
 * @param currency the ISO 4217 code, three letters, any case (stored lower case, as Stripe answers it)
 * @param description what the customer sees on the checkout page's line item, for example the event's name
 * @param successUrl where the provider sends the customer after paying
 * @param cancelUrl where the provider sends the customer who gives up
 * @param expiresAt when the hold expires; the same value on every retry for the booking. Stripe accepts a checkout
 * expiry 30 min to 24 h after its creation only, so the Stripe adapter keeps the checkout open 31 min past the hold
 * ({@link Checkout#expiresAt()} is the real expiry); a payment that arrives after the hold expired is confirmed only
 * if the seats are still free
 */
public record CheckoutRequest(String bookingId, long amount, String currency, String description, URI successUrl,
		URI cancelUrl, Instant expiresAt) {

	private static final Pattern ISO_4217 = Pattern.compile("[a-z]{3}");

	/**
	 * @throws IllegalArgumentException when the booking id is blank, the amount below 1 or the currency not three
	 * letters
	 */
	public CheckoutRequest {
		if (bookingId.isBlank()) {
			throw new IllegalArgumentException("bookingId must not be blank");
		}
		if (amount < 1) {
			throw new IllegalArgumentException("amount must be at least 1 minor unit, was " + amount);
		}
		currency = currency.toLowerCase(Locale.ROOT);
		if (!ISO_4217.matcher(currency).matches()) {
			throw new IllegalArgumentException("currency must be an ISO 4217 code of three letters, was " + currency);
		}
	}

}
