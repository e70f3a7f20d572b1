package io.minitickets.core.payment;

/**
 * A call to the payment provider failed; the subtype says whether a retry can help.
 */
public abstract class PaymentProviderException extends RuntimeException {

	/**
	 * @param message what failed, with the provider's own message
	 * @param cause the provider library's exception
	 */
	protected PaymentProviderException(String message, Throwable cause) {
		super(message, cause);
	}

}
