package io.minitickets.localstack.valkey;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;

import io.minitickets.localstack.stack.DataDirectories;
import io.minitickets.localstack.stack.FreePorts;
import io.minitickets.localstack.stack.ManagedProcess;
import io.minitickets.localstack.stack.ProcessKind;
import io.minitickets.localstack.stack.ProcessLauncher;
import io.minitickets.localstack.stack.Readiness;
import io.minitickets.localstack.stack.StackException;

/**
 * Starts {@code valkey-server} (or {@code redis-server}) from the PATH on a free port of 127.0.0.1, without
 * persistence, for machines without a reachable Valkey.
 */
public final class ValkeyServer {

	/** The name the started server is recorded under in the state file. */
	public static final String NAME = "valkey";

	private static final Duration READY_TIMEOUT = Duration.ofSeconds(30);

	private final ProcessLauncher launcher;

	/**
	 * @param launcher starts the process
	 */
	public ValkeyServer(ProcessLauncher launcher) {
		this.launcher = launcher;
	}

	/**
	 * Starts the server and waits until it answers PING.
	 * @param directory its working folder; emptied first
	 * @param logFile where its log goes
	 * @return the running server; its {@link ManagedProcess#url()} is its redis:// URL
	 * @throws StackException when neither executable is on the PATH (saying what to install), or when the server
	 * does not come up within 30 s
	 */
	public ManagedProcess start(Path directory, Path logFile) {
		return start(NAME, directory, logFile, FreePorts.allocate());
	}

	/**
	 * Starts a server on a given port (again on the same port after a restart: it comes back empty) and waits until it
	 * answers PING.
	 * @param name the name it is recorded under
	 * @param directory its working folder; emptied first
	 * @param logFile where its log goes
	 * @param port its port on 127.0.0.1
	 * @return the running server; its {@link ManagedProcess#url()} is its redis:// URL
	 * @throws StackException when neither executable is on the PATH, or when the server does not come up within 30 s
	 */
	public ManagedProcess start(String name, Path directory, Path logFile, int port) {
		Path executable = Stream.of("valkey-server", "redis-server")
			.map(ProcessLauncher::findOnPath)
			.filter(Objects::nonNull)
			.findFirst()
			.orElseThrow(() -> new StackException("No Valkey is reachable at the configured URL and neither "
					+ "valkey-server nor redis-server is on the PATH. Install one (Debian/Ubuntu: "
					+ "sudo apt-get install redis-server, or valkey-server where packaged), or start a Valkey and "
					+ "point MINITICKETS_VALKEY_URL at it."));
		DataDirectories.fresh(directory);
		String url = "redis://127.0.0.1:" + port;
		ManagedProcess server = this.launcher.start(name, ProcessKind.INFRASTRUCTURE,
				List.of(executable.toString(), "--port", Integer.toString(port), "--bind", "127.0.0.1", "--save", "",
						"--appendonly", "no", "--dir", directory.toString(), "--daemonize", "no"),
				Map.of(), logFile, url, null);
		Readiness.await(server, READY_TIMEOUT, () -> ValkeyProbe.reachable(url));
		return server;
	}

}
