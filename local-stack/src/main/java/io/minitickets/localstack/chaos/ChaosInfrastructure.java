package io.minitickets.localstack.chaos;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

import org.jspecify.annotations.Nullable;

import io.minitickets.localstack.kafka.KafkaBroker;
import io.minitickets.localstack.stack.FreePorts;
import io.minitickets.localstack.stack.ManagedProcess;
import io.minitickets.localstack.stack.PostgresEndpoint;
import io.minitickets.localstack.stack.ProcessLauncher;
import io.minitickets.localstack.stack.StackException;
import io.minitickets.localstack.valkey.ValkeyServer;

/**
 * The run's infrastructure processes, each started again on the same ports and folder after a fault: the Kafka
 * broker (its data kept), Postgres (its data kept) and Valkey servers (empty again: they persist nothing). Each start
 * (and each one-off command) writes a log of its own ({@link StartLogs}).
 */
final class ChaosInfrastructure {

	private final ProcessLauncher launcher;

	private final Path directory;

	private volatile @Nullable LocalPostgres postgres;

	/**
	 * @param launcher starts the processes
	 * @param directory the run's folder; data in sub-folders, logs in {@code logs}
	 */
	ChaosInfrastructure(ProcessLauncher launcher, Path directory) {
		this.launcher = launcher;
		this.directory = directory;
	}

	/**
	 * @return a new broker on fresh storage, serving (within 90 s)
	 */
	ManagedProcess startKafka() {
		return broker().start(this.directory.resolve(KafkaBroker.NAME), log(KafkaBroker.NAME));
	}

	/**
	 * @param bootstrapServers the stopped broker's {@code 127.0.0.1:port}
	 * @return the broker on its former ports and data, serving (within 90 s)
	 */
	ManagedProcess restartKafka(String bootstrapServers) {
		return broker().restart(this.directory.resolve(KafkaBroker.NAME), log(KafkaBroker.NAME), bootstrapServers);
	}

	/**
	 * Makes a fresh Postgres data folder (initdb) and starts the server on a free port.
	 * @return the running postmaster
	 * @throws StackException when the machine has no Postgres binaries, or it does not come up
	 */
	ManagedProcess startPostgres() {
		LocalPostgres server = new LocalPostgres(this.launcher, this.directory.resolve("pg"), FreePorts.allocate());
		this.postgres = server;
		server.init(log("initdb"));
		return server.start(log("postgres"));
	}

	/**
	 * @return the run's database, created
	 */
	PostgresEndpoint createDatabase() {
		return Objects.requireNonNull(this.postgres).server().createDatabase("minitickets", false);
	}

	/**
	 * Asks for a fast shutdown (SIGINT: sessions cut, new connections refused, data consistent) and returns at once.
	 * @param postmaster the running server
	 * @throws StackException when the signal cannot be sent
	 */
	void shutDownPostgres(ManagedProcess postmaster) {
		Objects.requireNonNull(this.postgres).shutDown(postmaster, log("postgres-stop"));
	}

	/**
	 * Crashes the server: SIGKILL of the postmaster and of its processes; returns once they all ended.
	 * @param postmaster the running server
	 * @throws StackException when a process did not end within 20 s
	 */
	void killPostgres(ManagedProcess postmaster) {
		Objects.requireNonNull(this.postgres).crash(postmaster);
	}

	/**
	 * Waits until the stopped server ended, keeps it down until a time after it was stopped, then starts it on its
	 * data and port.
	 * @param postmaster the stopped server
	 * @param since when it was stopped ({@link System#nanoTime()})
	 * @param down how long after {@code since} it stays down at least
	 * @return the running postmaster
	 * @throws StackException when it does not end within 20 s or does not come back within 60 s
	 */
	ManagedProcess startPostgresAgain(ManagedProcess postmaster, long since, Duration down) {
		LocalPostgres server = Objects.requireNonNull(this.postgres);
		server.awaitEnded(postmaster);
		long left = down.toNanos() - (System.nanoTime() - since);
		if (left > 0) {
			ProcessWaits.pause(Duration.ofNanos(left));
		}
		return server.start(log("postgres"));
	}

	/**
	 * @param name {@link ValkeyServer#NAME} or {@link ChaosStack#GATE_VALKEY}
	 * @param port its port on 127.0.0.1
	 * @return an empty Valkey server answering PING (within 30 s)
	 */
	ManagedProcess startValkey(String name, int port) {
		return new ValkeyServer(this.launcher).start(name, this.directory.resolve(name), log(name), port);
	}

	private KafkaBroker broker() {
		return new KafkaBroker(this.launcher, ProcessLauncher.classpath());
	}

	private Path log(String name) {
		return StartLogs.next(this.directory.resolve("logs"), name);
	}

}
