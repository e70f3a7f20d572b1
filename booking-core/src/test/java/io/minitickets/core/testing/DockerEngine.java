package io.minitickets.core.testing;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.testcontainers.DockerClientFactory;

/**
 * Whether a Docker engine answers, asked so that a machine without one finds out at once: Testcontainers is asked
 * (with a bound on the wait) only when something says an engine could be there — {@code DOCKER_HOST}, a Docker
 * socket (system, rootless or Docker Desktop's), or a {@code ~/.testcontainers.properties}.
 */
public class DockerEngine {

	/** The longest Testcontainers may take to find the engine. */
	private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(20);

	private final Map<String, String> environment;

	private final Path home;

	private final Path systemSocket;

	/**
	 * @param environment the process environment
	 * @param home the user's home directory
	 * @param systemSocket the system engine's socket ({@code /var/run/docker.sock})
	 */
	public DockerEngine(Map<String, String> environment, Path home, Path systemSocket) {
		this.environment = environment;
		this.home = home;
		this.systemSocket = systemSocket;
	}

	/**
	 * @return this machine's engine, as this process sees it
	 */
	public static DockerEngine ofThisMachine() {
		return new DockerEngine(System.getenv(), Path.of(System.getProperty("user.home")),
				Path.of("/var/run/docker.sock"));
	}

	/**
	 * @return whether anything says an engine could be there (no engine is contacted)
	 */
	public boolean configured() {
		String dockerHost = this.environment.get("DOCKER_HOST");
		if (dockerHost != null && !dockerHost.isBlank()) {
			return true;
		}
		String runtimeDirectory = this.environment.get("XDG_RUNTIME_DIR");
		List<Path> candidates = List.of(this.systemSocket, this.home.resolve(".docker/run/docker.sock"),
				this.home.resolve(".testcontainers.properties"),
				(runtimeDirectory != null) ? Path.of(runtimeDirectory, "docker.sock") : this.systemSocket);
		return candidates.stream().anyMatch(Files::exists);
	}

	/**
	 * Asks the engine, through Testcontainers, when one could be there; answers false at once when nothing says so.
	 * @return whether an engine answered within 20 s
	 */
	public boolean answers() {
		if (!configured()) {
			return false;
		}
		CompletableFuture<Boolean> probe = CompletableFuture
			.supplyAsync(() -> DockerClientFactory.instance().isDockerAvailable());
		try {
			return probe.get(PROBE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (TimeoutException | ExecutionException ex) {
			probe.cancel(true);
			return false;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

}
