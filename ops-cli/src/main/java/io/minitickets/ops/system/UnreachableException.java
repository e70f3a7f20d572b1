package io.minitickets.ops.system;

/**
 * A service ops needs cannot be reached, or refuses it (no database of that name, a wrong login): exit code 1, the
 * message alone printed, a sentence for an operator that says which service and what to check, never a class name.
 */
public class UnreachableException extends RuntimeException {

	/**
	 * @param message which service, where, and what to check
	 * @param cause the driver's failure, for a stack trace in a debugger; not printed
	 */
	public UnreachableException(String message, Throwable cause) {
		super(message, cause);
	}

}
