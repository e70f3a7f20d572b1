package io.minitickets.localstack.chaos;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.minitickets.localstack.stack.ManagedProcess;
import io.minitickets.localstack.stack.StackException;

/**
 * Bounded waits for processes and background start steps.
 */
public final class ProcessWaits {

	private static final Duration KILL_WAIT = Duration.ofSeconds(20);

	private ProcessWaits() {
	}

	/**
	 * @param handle a process
	 * @param timeout how long to wait for it to end
	 * @return true when it ended in time
	 * @throws StackException when interrupted
	 */
	static boolean exit(ProcessHandle handle, Duration timeout) {
		try {
			handle.onExit().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
			return true;
		}
		catch (TimeoutException | ExecutionException ex) {
			return !handle.isAlive();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new StackException("Interrupted while waiting for a process to end", ex);
		}
	}

	/**
	 * {@code kill -9}: SIGKILL, then waits until the process ended (at most 20 s); does nothing when it no longer
	 * runs.
	 * @param process the recorded process
	 * @throws StackException when it did not end in time
	 */
	static void kill(ManagedProcess process) {
		process.handle().ifPresent((handle) -> {
			handle.destroyForcibly();
			if (!exit(handle, KILL_WAIT)) {
				throw new StackException(process.name() + " (pid " + handle.pid() + ") did not end after SIGKILL");
			}
		});
	}

	/**
	 * Waits for a background step (each step bounds its own time) and rethrows its failure.
	 * @param task the step
	 * @throws RuntimeException the step's failure
	 */
	static void join(CompletableFuture<Void> task) {
		try {
			task.join();
		}
		catch (CompletionException ex) {
			if (ex.getCause() instanceof RuntimeException failure) {
				throw failure;
			}
			throw new StackException("A start step failed: " + ex.getCause(), ex);
		}
	}

	/**
	 * Sleeps for a fixed time: how long a fault lasts, not a wait for an outcome.
	 * @param duration how long
	 * @throws StackException when interrupted
	 */
	public static void pause(Duration duration) {
		try {
			Thread.sleep(duration);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new StackException("Interrupted during the run", ex);
		}
	}

}
