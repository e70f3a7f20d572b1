package io.minitickets.localstack.stack;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.lettuce.core.RedisException;
import io.minitickets.localstack.kafka.KafkaBroker;
import io.minitickets.localstack.postgres.EmbeddedPostgresServer;
import io.minitickets.localstack.postgres.PostgresServer;
import io.minitickets.localstack.valkey.ValkeyProbe;
import io.minitickets.localstack.valkey.ValkeyServer;

/**
 * Stops a stack: its services first (they flush to Kafka and finish their batch), then the infrastructure it
 * started; drops its database and deletes its keys where the server is shared; deletes its data folders and, once
 * everything ended, its state file.
 */
public final class StackStopper {

	/** How long a process may take to end after SIGTERM before it gets SIGKILL. */
	public static final Duration GRACE = Duration.ofSeconds(30);

	private final StateStore store;

	private final PrintStream out;

	/**
	 * @param store the stack's state file
	 * @param out where progress is reported
	 */
	public StackStopper(StateStore store, PrintStream out) {
		this.store = store;
		this.out = out;
	}

	/**
	 * Stops everything the state records.
	 * @param state the stack
	 * @return true when every process ended; false when some did not, which stay in the state file
	 */
	public boolean stop(StackState state) {
		List<String> alive = new ArrayList<>();
		alive.addAll(stopAll(state, ProcessKind.SERVICE));
		alive.addAll(stopAll(state, ProcessKind.INFRASTRUCTURE));
		PostgresEndpoint postgres = state.postgres();
		if (postgres != null && postgres.shared()) {
			try {
				new PostgresServer(postgres.adminUrl(), postgres.username(), postgres.password())
					.dropDatabase(postgres.database());
				this.out.println("Dropped database " + postgres.database());
			}
			catch (StackException ex) {
				this.out.println("Could not drop database " + postgres.database() + ": " + ex.getMessage());
			}
		}
		ValkeyEndpoint valkey = state.valkey();
		if (valkey != null && valkey.shared()) {
			try {
				long deleted = ValkeyProbe.deleteKeys(valkey.url(), valkey.keyPrefix());
				this.out.println("Deleted " + deleted + " Valkey keys under " + valkey.keyPrefix());
			}
			catch (RedisException ex) {
				this.out.println("Could not delete the Valkey keys under " + valkey.keyPrefix() + ": "
						+ ex.getMessage());
			}
		}
		if (!alive.isEmpty()) {
			StackState remaining = state;
			for (ManagedProcess process : state.processes()) {
				if (!alive.contains(process.name())) {
					remaining = remaining.withoutProcess(process.name());
				}
			}
			this.store.save(remaining);
			this.out.println("Still running (kept in " + this.store.file() + "): " + String.join(", ", alive));
			return false;
		}
		for (String folder : List.of(KafkaBroker.NAME, EmbeddedPostgresServer.NAME, ValkeyServer.NAME)) {
			DataDirectories.delete(this.store.directory().resolve(folder));
		}
		this.store.delete();
		return true;
	}

	/**
	 * Stops one process and removes it from the state file, for processes that live shorter than their stack.
	 * @param state the stack
	 * @param name the process's name
	 * @return the stack without that process
	 */
	public StackState stopProcess(StackState state, String name) {
		state.process(name).ifPresent((process) -> {
			this.out.println("Stopping " + name + " (pid " + process.pid() + ")");
			ProcessStopper.stop(process, GRACE);
		});
		StackState remaining = state.withoutProcess(name);
		this.store.save(remaining);
		return remaining;
	}

	private List<String> stopAll(StackState state, ProcessKind kind) {
		List<ManagedProcess> processes = state.processes()
			.stream()
			.filter((process) -> process.kind() == kind)
			.toList();
		if (processes.isEmpty()) {
			return List.of();
		}
		this.out.println("Stopping " + String.join(", ", processes.stream()
			.map((process) -> process.name() + " (pid " + process.pid() + ")")
			.toList()));
		return ProcessStopper.stopAll(processes, GRACE);
	}

}
