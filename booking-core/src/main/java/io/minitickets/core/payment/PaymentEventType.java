package io.minitickets.core.payment;

/**
 * What a provider's webhook means for a booking.
 */
public enum PaymentEventType {

	/** The customer paid: the held booking may be confirmed (or refunded when its seats are gone). */
	PAYMENT_SUCCEEDED,

	/** The payment was declined or failed; the hold runs on until it expires. */
	PAYMENT_FAILED,

	/** A refund went through. */
	REFUND_SUCCEEDED,

	/**
	 * An event the booking flow does not act on (another type, or a checkout completed whose payment is still
	 * processing): acknowledge it and change nothing.
	 */
	IGNORED

}
