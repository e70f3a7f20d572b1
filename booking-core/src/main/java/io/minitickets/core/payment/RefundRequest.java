package io.minitickets.core.payment;

/**
 * A refund of a booking's payment.
 *
 * @param bookingId the booking whose payment is refunded (the refund's {@code metadata.booking_id})
 * @param paymentId the provider's id of the payment ({@link PaymentEvent#paymentId()}, {@code pi_…} at Stripe)
 * @param amount how much to refund, in the currency's minor units, at least 1 (the whole payment for a booking)
 * @param idempotencyKey what the provider is asked with, the same on every retry, so it issues the refund once:
 * {@code refund-<bookingId>} for the booking's own payment, {@code refund-<paymentId>} for a second payment of a
 * booking that another payment already paid
 */
public record RefundRequest(String bookingId, String paymentId, long amount, String idempotencyKey) {

	/**
	 * @throws IllegalArgumentException when an id or the key is blank or the amount below 1
	 */
	public RefundRequest {
		if (bookingId.isBlank() || paymentId.isBlank() || idempotencyKey.isBlank()) {
			throw new IllegalArgumentException("bookingId, paymentId and idempotencyKey must not be blank");
		}
		if (amount < 1) {
			throw new IllegalArgumentException("amount must be at least 1 minor unit, was " + amount);
		}
	}

	/**
	 * The refund of a booking's own payment: idempotency key {@code refund-<bookingId>}, one refund per booking.
	 * @param bookingId the booking
	 * @param paymentId the provider's id of its payment
	 * @param amount minor units, at least 1
	 * @throws IllegalArgumentException when an id is blank or the amount below 1
	 */
	public RefundRequest(String bookingId, String paymentId, long amount) {
		this(bookingId, paymentId, amount, "refund-" + bookingId);
	}

}
