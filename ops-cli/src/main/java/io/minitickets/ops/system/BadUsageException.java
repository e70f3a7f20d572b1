package io.minitickets.ops.system;

/**
 * The operator asked for something that cannot be done as asked (an unknown event, an offset past the log end, a
 * time window in the future, a topic that does not exist): exit code 2, and nothing was published or changed.
 */
public class BadUsageException extends RuntimeException {

	/**
	 * @param message what is wrong and, where it helps, what would be right
	 */
	public BadUsageException(String message) {
		super(message);
	}

}
