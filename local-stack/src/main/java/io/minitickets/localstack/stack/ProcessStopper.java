package io.minitickets.localstack.stack;

import java.time.Duration;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Stops recorded processes by process id: SIGTERM, then SIGKILL when they do not end within a grace period. Their
 * own child processes (an embedded Postgres server) are stopped the same way if they outlive them.
 */
public final class ProcessStopper {

	private static final Duration KILL_WAIT = Duration.ofSeconds(5);

	private ProcessStopper() {
	}

	/**
	 * Stops one process; does nothing when it no longer runs.
	 * @param process the recorded process
	 * @param grace how long it may take to shut down gracefully after SIGTERM
	 * @return true when it ended (or had already ended), false when even SIGKILL did not end it in time
	 */
	public static boolean stop(ManagedProcess process, Duration grace) {
		return process.handle().map((handle) -> stop(handle, grace)).orElse(true);
	}

	/**
	 * Stops processes in parallel.
	 * @param processes the recorded processes
	 * @param grace how long each may take to shut down gracefully after SIGTERM
	 * @return the names of those that did not end, empty when all did
	 */
	public static List<String> stopAll(Collection<ManagedProcess> processes, Duration grace) {
		Map<String, Future<Boolean>> results = new LinkedHashMap<>();
		try (ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor()) {
			processes.forEach((process) -> results.put(process.name(), executor.submit(() -> stop(process, grace))));
		}
		return results.entrySet().stream().filter((result) -> !result.getValue().resultNow()).map(Map.Entry::getKey)
			.toList();
	}

	private static boolean stop(ProcessHandle handle, Duration grace) {
		List<ProcessHandle> children = handle.descendants().toList();
		boolean ended = terminate(handle, grace);
		for (ProcessHandle child : children) {
			if (child.isAlive()) {
				ended &= terminate(child, grace);
			}
		}
		return ended;
	}

	private static boolean terminate(ProcessHandle handle, Duration grace) {
		handle.destroy();
		if (awaitExit(handle, grace)) {
			return true;
		}
		handle.destroyForcibly();
		return awaitExit(handle, KILL_WAIT);
	}

	private static boolean awaitExit(ProcessHandle handle, Duration timeout) {
		try {
			handle.onExit().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
			return true;
		}
		catch (TimeoutException ex) {
			return false;
		}
		catch (ExecutionException ex) {
			return !handle.isAlive();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return !handle.isAlive();
		}
	}

}
