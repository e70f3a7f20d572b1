package io.minitickets.localstack.chaos;

import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

import org.jspecify.annotations.Nullable;

import io.minitickets.localstack.kafka.KafkaBroker;
import io.minitickets.localstack.stack.ManagedProcess;
import io.minitickets.localstack.stack.ProcessLauncher;
import io.minitickets.localstack.stack.Readiness;
import io.minitickets.localstack.stack.Service;
import io.minitickets.localstack.stack.ServiceLauncher;
import io.minitickets.localstack.stack.StackException;
import io.minitickets.localstack.stack.StackStarter;
import io.minitickets.localstack.stack.StackState;
import io.minitickets.localstack.stack.StackStopper;
import io.minitickets.localstack.stack.StateStore;
import io.minitickets.localstack.stack.Topology;
import io.minitickets.localstack.valkey.ValkeyServer;

/**
 * A fault-injection run's own stack in the {@link Topology#CLUSTER cluster topology} ({@code up --topology cluster}:
 * three Kafka nodes, a Valkey Cluster of three primaries, two instances of each service, on the machine's Postgres or
 * an embedded one), the services with the chaos settings, each process one it may kill and start again where it was:
 * a Kafka node on its ports and data, a Valkey primary on its port and slots (empty), a service on its ports. Recorded
 * in a state file, so {@code ./minitickets down --state DIR} stops it should the run itself die.
 */
public final class ClusterChaosStack implements AutoCloseable {

	/**
	 * The services' Valkey timeouts in this run: nine JVMs and three Valkey nodes share a small machine, where a
	 * command outlasting the production 250 ms would answer 503 or skip the gate with no node down; a killed node's
	 * commands still fail within this time.
	 */
	private static final String VALKEY_TIMEOUT = "1s";

	private final StateStore store;

	private final Path checkout;

	private final PrintStream out;

	private final Map<String, String> environment;

	private final ProcessLauncher launcher;

	private final AtomicBoolean closed = new AtomicBoolean();

	private volatile StackState state;

	/**
	 * @param checkout the checkout, where the services' jars are
	 * @param directory the run's folder (state file, data, logs); fresh
	 * @param settings the services' chaos-tuned settings (the gate on the Valkey Cluster)
	 * @param out where progress is reported
	 */
	public ClusterChaosStack(Path checkout, Path directory, ChaosSettings settings, PrintStream out) {
		this.store = new StateStore(directory);
		this.checkout = checkout;
		this.out = out;
		Map<String, String> environment = new LinkedHashMap<>(settings.environment());
		environment.put("MINITICKETS_VALKEY_COMMAND_TIMEOUT", VALKEY_TIMEOUT);
		environment.put("MINITICKETS_VALKEY_CONNECT_TIMEOUT", VALKEY_TIMEOUT);
		this.environment = Map.copyOf(environment);
		this.launcher = new ProcessLauncher(checkout);
		this.state = StackState.fresh(StackStarter.DEFAULT_ADMIN_EMAIL, null);
	}

	/**
	 * Starts everything, as {@code up --topology cluster} does, and waits until every service is healthy.
	 * @throws StackException when a jar is missing or a part does not come up (what was started is stopped again)
	 */
	public void start() {
		this.state = new StackStarter(this.store, this.checkout, this.out, this.environment).start(false,
				Topology.CLUSTER);
	}

	/** @return the stack as it is now */
	public StackState state() {
		return this.state;
	}

	/**
	 * @param name a process's name
	 * @return the recorded process
	 * @throws StackException when none of that name is recorded
	 */
	public ManagedProcess process(String name) {
		return this.state.process(name).orElseThrow(() -> new StackException("No process " + name + " is recorded"));
	}

	/**
	 * @param service a service
	 * @return the base URLs of its instances, the first instance first
	 */
	public List<URI> urls(Service service) {
		return Stream.iterate(1, (instance) -> instance + 1)
			.limit(Topology.CLUSTER.instances())
			.map((instance) -> URI.create(String.valueOf(process(Topology.instanceName(service, instance)).url())))
			.toList();
	}

	/**
	 * {@code kill -9}: SIGKILL, then waits until the process ended (at most 20 s).
	 * @param name the process's name
	 * @throws StackException when it did not end
	 */
	void kill(String name) {
		ProcessWaits.kill(process(name));
	}

	/**
	 * Starts a killed process again where it was, and waits until it serves (a service: healthy, within 180 s). It
	 * writes a log of its own ({@link StartLogs}: {@code <name>.2.log} for the first restart, …), so every former
	 * log is kept.
	 * @param name {@code kafka-<n>}, {@code valkey-<n>} or a service instance's name
	 * @throws StackException when it does not come back
	 */
	void restart(String name) {
		ManagedProcess recorded = process(name);
		Path log = StartLogs.next(Path.of(recorded.logFile()).getParent(), name);
		ManagedProcess restarted;
		if (name.startsWith(KafkaBroker.NAME + "-")) {
			restarted = new KafkaBroker(this.launcher, ProcessLauncher.classpath()).restartNode(recorded,
					this.store.directory().resolve(KafkaBroker.NAME), log);
		}
		else if (name.startsWith(ValkeyServer.NAME + "-")) {
			restarted = new ValkeyServer(this.launcher).restartClusterNode(recorded,
					this.store.directory().resolve(ValkeyServer.NAME), log);
		}
		else {
			restartService(recorded, log);
			return;
		}
		record(restarted);
	}

	/** Recorded before it is healthy, so that {@link #close} stops it should it never be. */
	private void restartService(ManagedProcess recorded, Path log) {
		Service service = Stream.of(Service.values())
			.filter((candidate) -> recorded.name().startsWith(candidate.module()))
			.findFirst()
			.orElseThrow(() -> new StackException(recorded.name() + " is no service"));
		ManagedProcess process = new ServiceLauncher(this.launcher, this.checkout, log.getParent())
			.start(service, recorded.name(), this.state, true,
					List.of(port(recorded.url()), port(recorded.healthUrl())), this.environment, log);
		record(process);
		Readiness.awaitHealthy(process, ServiceLauncher.READY_TIMEOUT);
	}

	private synchronized void record(ManagedProcess restarted) {
		this.state = this.state.withRestarted(restarted);
		this.store.save(this.state);
	}

	private static int port(@Nullable String url) {
		return URI.create(Objects.requireNonNull(url)).getPort();
	}

	/**
	 * Stops everything (services first, SIGTERM then SIGKILL after 30 s), drops the database when it is on the
	 * machine's Postgres, and deletes the state file; only the first call does anything.
	 */
	@Override
	public void close() {
		if (!this.closed.compareAndSet(false, true)) {
			return;
		}
		StackState recorded = this.store.load().orElse(this.state);
		new StackStopper(this.store, this.out).stop(recorded);
	}

}
