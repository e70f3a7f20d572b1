package io.minitickets.localstack.chaos;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.GroupPrincipal;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import io.minitickets.localstack.postgres.PostgresServer;
import io.minitickets.localstack.stack.ManagedProcess;
import io.minitickets.localstack.stack.ProcessKind;
import io.minitickets.localstack.stack.ProcessLauncher;
import io.minitickets.localstack.stack.Readiness;
import io.minitickets.localstack.stack.StackException;

/**
 * A Postgres server of the run's own, from the machine's binaries ({@code /usr/lib/postgresql/<version>/bin}): a data
 * folder made by {@code initdb} (trust authentication, user {@code postgres}), served on a free port of 127.0.0.1,
 * and stopped and started again on the same folder and port. It commits durably ({@code fsync} and
 * {@code synchronous_commit} on): a commit is answered once its WAL is on disk, so a crash of this Postgres cannot take
 * back a booking whose Kafka offset the worker committed after it. Postgres refuses to run as root, so as root it runs
 * as the {@code postgres} user (through {@code setpriv}), which then owns the folder.
 */
final class LocalPostgres {

	/** The name the server is recorded under. */
	static final String NAME = "postgres-local";

	private static final Duration INITDB_TIMEOUT = Duration.ofSeconds(120);

	private static final Duration READY_TIMEOUT = Duration.ofSeconds(60);

	private static final Duration STOP_WAIT = Duration.ofSeconds(20);

	private final ProcessLauncher launcher;

	private final Path bin;

	private final Path directory;

	private final int port;

	/**
	 * @param launcher starts the processes
	 * @param directory the server's folder (data and socket); must not exist yet or be empty
	 * @param port the port on 127.0.0.1
	 * @throws StackException when the machine has no Postgres binaries
	 */
	LocalPostgres(ProcessLauncher launcher, Path directory, int port) {
		this.launcher = launcher;
		this.bin = binaries();
		this.directory = directory;
		this.port = port;
	}

	/**
	 * @return the server as the stack reaches it (maintenance database {@code postgres})
	 */
	PostgresServer server() {
		return new PostgresServer("jdbc:postgresql://127.0.0.1:" + this.port + "/postgres", "postgres", "");
	}

	/**
	 * Creates the data folder with {@code initdb}.
	 * @param logFile where initdb's output goes
	 * @throws StackException when initdb fails or takes longer than 120 s
	 */
	void init(Path logFile) {
		try {
			Files.createDirectories(this.directory);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot create " + this.directory, ex);
		}
		if (runsAsRoot()) {
			chownToPostgres(this.directory);
		}
		this.launcher.run("initdb", asPostgres(List.of(this.bin.resolve("initdb").toString(), "-D", data(), "-U",
				"postgres", "--auth=trust", "--encoding=UTF8")), logFile, INITDB_TIMEOUT);
	}

	/**
	 * Starts the server on its folder and port and waits until it accepts connections.
	 * @param logFile where the server's log goes; replaced
	 * @return the running postmaster
	 * @throws StackException when it does not accept connections within 60 s
	 */
	ManagedProcess start(Path logFile) {
		ManagedProcess process = this.launcher.start(NAME, ProcessKind.INFRASTRUCTURE,
				asPostgres(List.of(this.bin.resolve("postgres").toString(), "-D", data(), "-p",
						Integer.toString(this.port), "-c", "listen_addresses=127.0.0.1", "-c",
						"unix_socket_directories=" + data(), "-c", "max_connections=200", "-c", "fsync=on", "-c",
						"synchronous_commit=on")),
				Map.of(), logFile, server().adminUrl(), null);
		Readiness.await(process, READY_TIMEOUT, server()::reachable);
		return process;
	}

	/**
	 * Asks the server for a fast shutdown (SIGINT: open sessions are cut, new connections refused, the data stays
	 * consistent) and returns once the signal is sent.
	 * @param postmaster the running server
	 * @param logFile where the signalling command's output goes
	 * @throws StackException when the signal cannot be sent within 20 s
	 */
	void shutDown(ManagedProcess postmaster, Path logFile) {
		this.launcher.run("Stopping Postgres", List.of("kill", "-INT", Long.toString(postmaster.pid())), logFile,
				STOP_WAIT);
	}

	/**
	 * Waits until a stopped server ended.
	 * @param postmaster the server
	 * @throws StackException when it did not end within 20 s
	 */
	void awaitEnded(ManagedProcess postmaster) {
		postmaster.handle().filter((handle) -> !ProcessWaits.exit(handle, STOP_WAIT)).ifPresent((handle) -> {
			throw new StackException("Postgres (pid " + handle.pid() + ") did not stop within 20 s");
		});
	}

	/**
	 * Crashes the server: SIGKILL of the postmaster, then of every process it had started (backends, WAL writer,
	 * checkpointer) that is still there, so none writes anything more; waits until they all ended. The next start
	 * recovers from the WAL on disk.
	 * @param postmaster the running server
	 * @throws StackException when a process did not end within 20 s of its SIGKILL
	 */
	void crash(ManagedProcess postmaster) {
		List<ProcessHandle> children = postmaster.handle()
			.map((handle) -> handle.descendants().toList())
			.orElse(List.of());
		ProcessWaits.kill(postmaster);
		for (ProcessHandle child : children) {
			child.destroyForcibly();
			if (!ProcessWaits.exit(child, STOP_WAIT)) {
				throw new StackException("A Postgres process (pid " + child.pid() + ") did not end after SIGKILL");
			}
		}
	}

	private String data() {
		return this.directory.resolve("data").toString();
	}

	private List<String> asPostgres(List<String> command) {
		if (!runsAsRoot()) {
			return command;
		}
		List<String> all = new ArrayList<>(List.of("setpriv", "--reuid=postgres", "--regid=postgres", "--init-groups"));
		all.addAll(command);
		return all;
	}

	private static boolean runsAsRoot() {
		return "root".equals(System.getProperty("user.name"));
	}

	private static void chownToPostgres(Path directory) {
		try {
			UserPrincipalLookupService users = directory.getFileSystem().getUserPrincipalLookupService();
			PosixFileAttributeView view = Files.getFileAttributeView(directory, PosixFileAttributeView.class);
			GroupPrincipal group = users.lookupPrincipalByGroupName("postgres");
			view.setOwner(users.lookupPrincipalByName("postgres"));
			view.setGroup(group);
		}
		catch (IOException ex) {
			throw new StackException("Running as root, Postgres must run as the user postgres, but " + directory
					+ " cannot be given to it: " + ex.getMessage(), ex);
		}
	}

	private static Path binaries() {
		try (Stream<Path> versions = Files.list(Path.of("/usr/lib/postgresql"))) {
			return versions.map((version) -> version.resolve("bin"))
				.filter((bin) -> Files.isExecutable(bin.resolve("postgres")) && Files.isExecutable(bin.resolve("initdb")))
				.max(Comparator.comparing(Path::toString))
				.orElseThrow(LocalPostgres::noBinaries);
		}
		catch (IOException ex) {
			throw noBinaries();
		}
	}

	private static StackException noBinaries() {
		return new StackException("The fault-injection run needs Postgres's server binaries (initdb, postgres) under "
				+ "/usr/lib/postgresql/<version>/bin; install them (Debian/Ubuntu: sudo apt-get install postgresql)");
	}

}
