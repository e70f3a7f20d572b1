package io.minitickets.core.valkey;

/**
 * Valkey could not answer in time: not connected, refused, or slower than the command timeout. Retrying later can
 * help. The rate limiter turns it into 503 (fails closed); the inventory gate lets the booking through ungated (fails
 * open).
 */
public class ValkeyUnavailableException extends RuntimeException {

	/**
	 * @param message what could not be done
	 * @param cause the Lettuce failure
	 */
	public ValkeyUnavailableException(String message, Throwable cause) {
		super(message, cause);
	}

}
