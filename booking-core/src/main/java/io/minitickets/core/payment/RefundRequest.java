package io.minitickets.core.payment;

/**
 * A refund of a booking's payment.
 *
 * @param bookingId the booking whose payment is refunded; it makes the idempotency key
 * @param paymentId the provider's id of the payment ({@link PaymentEvent#paymentId()}, {@code pi_…} at Stripe)
 * @param amount how much to refund, in the currency's minor units, at least 1 (the whole payment for a booking)
 */
public record RefundRequest(String bookingId, String paymentId, long amount) {

	/**
	 * @throws IllegalArgumentException when an id is blank or the amount below 1
	 */
	public RefundRequest {
		if (bookingId.isBlank() || paymentId.isBlank()) {
			throw new IllegalArgumentException("bookingId and paymentId must not be blank");
		}
		if (amount < 1) {
			throw new IllegalArgumentException("amount must be at least 1 minor unit, was " + amount);
		}
	}

	/**
	 * @return {@code refund-<bookingId>}: the same for every retry, so the provider issues one refund per booking
	 */
	public String idempotencyKey() {
		return "refund-" + this.bookingId;
	}

}
