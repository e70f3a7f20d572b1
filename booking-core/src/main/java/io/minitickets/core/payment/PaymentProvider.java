package io.minitickets.core.payment;

import org.jspecify.annotations.Nullable;

/**
 * A payment provider as the booking flow sees it: a hosted checkout for a held booking, a refund, and the provider's
 * signed webhooks that tell how a payment ended. The production implementation is {@link StripePaymentProvider}; the
 * local stack points the same adapter at the payment simulator, which speaks Stripe's HTTP contract.
 * <p>
 * Every call that changes something at the provider carries an idempotency key derived from the booking id, so a
 * retry after a timeout or a crash creates nothing twice: one checkout per booking, one refund per booking.
 */
public interface PaymentProvider {

	/**
	 * Creates (or, for a booking id seen before, returns again) the hosted checkout where the customer pays a held
	 * booking.
	 * @param request what is paid, by whom, and until when
	 * @return the checkout's provider id and the URL to send the customer to
	 * @throws PaymentUnavailableException when the provider cannot be reached or answers 5xx/429 within the configured
	 * timeouts ({@link PaymentProperties#connectTimeout()}, {@link PaymentProperties#readTimeout()}); a retry may help
	 * @throws PaymentRefusedException when the provider refuses the request (bad key, invalid amount or currency, an
	 * expiry the provider does not accept); a retry cannot help
	 */
	Checkout createCheckout(CheckoutRequest request);

	/**
	 * Refunds a payment, at most once per idempotency key ({@link RefundRequest#idempotencyKey()}:
	 * {@code refund-<bookingId>} for a booking's own payment), so a retried refund returns the first one.
	 * @param request the payment, the amount and the booking it was for
	 * @return the refund as the provider recorded it
	 * @throws PaymentUnavailableException when the provider cannot be reached or answers 5xx/429; a retry may help
	 * @throws PaymentRefusedException when the provider refuses the refund (unknown payment, amount above what was
	 * paid); a retry cannot help
	 */
	Refund refund(RefundRequest request);

	/**
	 * Verifies a webhook's signature and timestamp and reads the event it carries. Event types this contract does not
	 * act on are not an error: they come back as {@link PaymentEventType#IGNORED}.
	 * @param payload the request body exactly as received (the signature covers these bytes)
	 * @param signatureHeader the provider's signature header ({@code Stripe-Signature}); null when the request had none
	 * @return the event
	 * @throws WebhookRejectedException when the header is missing or malformed, the signature does not match, the
	 * timestamp is older than the tolerance ({@link PaymentProperties#webhookTolerance()}), or the payload is not an
	 * event; {@link WebhookRejectedException#reason()} says which
	 */
	PaymentEvent verifyWebhook(byte[] payload, @Nullable String signatureHeader);

}
