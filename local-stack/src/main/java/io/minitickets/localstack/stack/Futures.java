package io.minitickets.localstack.stack;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;

/**
 * Waiting for work handed to an executor, with the failure as the stack's own exception.
 */
public final class Futures {

	private Futures() {
	}

	/**
	 * Waits for a result.
	 * @param <T> the result type
	 * @param future the work
	 * @param what what the work does, for the message ("Creating a user")
	 * @return its result
	 * @throws RuntimeException the work's own runtime exception, unwrapped
	 * @throws StackException when it failed with a checked exception or the wait was interrupted
	 */
	public static <T> T join(Future<T> future, String what) {
		try {
			return future.get();
		}
		catch (ExecutionException ex) {
			if (ex.getCause() instanceof RuntimeException failure) {
				throw failure;
			}
			throw new StackException(what + " failed: " + ex.getCause(), ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new StackException("Interrupted: " + what, ex);
		}
	}

}
