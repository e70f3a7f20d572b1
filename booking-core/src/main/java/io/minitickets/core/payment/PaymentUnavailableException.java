package io.minitickets.core.payment;

/**
 * The provider could not be reached, timed out, or answered 429 or 5xx: a retry with the same idempotency key may
 * help and cannot charge or refund twice.
 */
public class PaymentUnavailableException extends PaymentProviderException {

	/**
	 * @param message what failed
	 * @param cause the provider library's exception
	 */
	public PaymentUnavailableException(String message, Throwable cause) {
		super(message, cause);
	}

}
