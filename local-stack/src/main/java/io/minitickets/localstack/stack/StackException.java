package io.minitickets.localstack.stack;

/**
 * A failure the command reports to the user in one message, without a stack trace: what went wrong and what to do.
 */
public class StackException extends RuntimeException {

	/**
	 * @param message what went wrong and, where it helps, what to do about it
	 */
	public StackException(String message) {
		super(message);
	}

	/**
	 * @param message what went wrong and, where it helps, what to do about it
	 * @param cause the underlying failure
	 */
	public StackException(String message, Throwable cause) {
		super(message, cause);
	}

}
