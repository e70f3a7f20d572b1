package io.minitickets.core.payment;

/**
 * The provider refused the request (invalid parameters, unknown payment, bad API key, idempotency key reused with
 * other parameters): the same request fails again.
 */
public class PaymentRefusedException extends PaymentProviderException {

	/**
	 * @param message what was refused, with the provider's message
	 * @param cause the provider library's exception
	 */
	public PaymentRefusedException(String message, Throwable cause) {
		super(message, cause);
	}

}
