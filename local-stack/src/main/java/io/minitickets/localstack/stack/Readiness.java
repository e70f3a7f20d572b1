package io.minitickets.localstack.stack;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * Waits until a started process is ready, and fails fast with its log's last lines when it exits or takes too long.
 */
public final class Readiness {

	private static final Duration PROBE_INTERVAL = Duration.ofMillis(250);

	private static final Duration HEALTH_TIMEOUT = Duration.ofSeconds(2);

	private static final HttpClient HTTP = HttpClient.newBuilder()
		.version(HttpClient.Version.HTTP_1_1)
		.connectTimeout(HEALTH_TIMEOUT)
		.build();

	private Readiness() {
	}

	/**
	 * Probes until the process is ready.
	 * @param process the process being waited for
	 * @param timeout how long it may take to become ready
	 * @param ready answers true once the process serves; it must return within a few seconds
	 * @throws StackException when the process exits or is not ready in time, with its log's last lines
	 */
	public static void await(ManagedProcess process, Duration timeout, BooleanSupplier ready) {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (true) {
			if (!process.running()) {
				throw failure(process, "exited before it was ready");
			}
			if (ready.getAsBoolean()) {
				return;
			}
			if (System.nanoTime() - deadline > 0) {
				throw failure(process, "was not ready within " + timeout.toSeconds() + " s");
			}
			try {
				Thread.sleep(PROBE_INTERVAL);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new StackException("Interrupted while waiting for " + process.name(), ex);
			}
		}
	}

	/**
	 * Waits until the process's health endpoint answers 200 {@code {"status":"UP"}}.
	 * @param process a process with a health URL
	 * @param timeout how long it may take
	 * @throws StackException when the process exits or is not healthy in time, with its log's last lines
	 */
	public static void awaitHealthy(ManagedProcess process, Duration timeout) {
		String healthUrl = process.healthUrl();
		if (healthUrl == null) {
			throw new IllegalArgumentException(process.name() + " has no health endpoint");
		}
		await(process, timeout, () -> healthy(healthUrl));
	}

	/**
	 * Asks a Spring Boot health endpoint once.
	 * @param healthUrl for example {@code http://127.0.0.1:8081/actuator/health}
	 * @return true when it answered 200 with status UP within 2 s, false otherwise
	 */
	public static boolean healthy(String healthUrl) {
		HttpRequest request = HttpRequest.newBuilder(URI.create(healthUrl)).timeout(HEALTH_TIMEOUT).GET().build();
		try {
			HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
			return response.statusCode() == 200 && response.body().replace(" ", "").contains("\"status\":\"UP\"");
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
		catch (IOException ex) {
			return false;
		}
	}

	private static StackException failure(ManagedProcess process, String what) {
		return new StackException(process.name() + " " + what + "; last lines of " + process.logFile() + ":\n"
				+ LogTail.of(Path.of(process.logFile()), 40));
	}

}
