package io.minitickets.localstack.chaos;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.UnaryOperator;

import io.minitickets.localstack.kafka.KafkaBroker;
import io.minitickets.localstack.stack.FreePorts;
import io.minitickets.localstack.stack.ManagedProcess;
import io.minitickets.localstack.stack.ProcessLauncher;
import io.minitickets.localstack.stack.Readiness;
import io.minitickets.localstack.stack.Service;
import io.minitickets.localstack.stack.ServiceLauncher;
import io.minitickets.localstack.stack.StackException;
import io.minitickets.localstack.stack.StackState;
import io.minitickets.localstack.stack.StackStopper;
import io.minitickets.localstack.stack.StateStore;
import io.minitickets.localstack.stack.ValkeyEndpoint;
import io.minitickets.localstack.valkey.ValkeyServer;

/**
 * The run's own stack, every part a process it may kill and start again on the same ports and data: a Kafka broker,
 * Postgres, two Valkeys (limiter/status/idempotency, and the gate), the three services with chaos settings and the
 * payment simulator (the provider of the run's paid sales: checkouts, webhooks, refunds), in a
 * state file so {@code ./minitickets down --state DIR} can stop it should the run itself die.
 */
public final class ChaosStack implements AutoCloseable {

	/** The name of the gate's Valkey. */
	public static final String GATE_VALKEY = "valkey-gate";

	private static final Executor VIRTUAL = (task) -> Thread.ofVirtual().start(task);

	private final StateStore store;

	private final ChaosInfrastructure infrastructure;

	private final ChaosServices services;

	private final AtomicBoolean closed = new AtomicBoolean();

	private volatile StackState state;

	/**
	 * @param checkout the checkout, where the services' jars are
	 * @param directory the run's folder (state file, data, logs); fresh
	 * @param settings the services' chaos-tuned settings
	 */
	public ChaosStack(Path checkout, Path directory, ChaosSettings settings) {
		this.store = new StateStore(directory);
		ProcessLauncher launcher = new ProcessLauncher(checkout);
		this.infrastructure = new ChaosInfrastructure(launcher, directory);
		this.services = new ChaosServices(launcher, checkout, directory.resolve("logs"), settings);
		this.state = StackState.fresh("admin@minitickets.local", null);
	}

	/**
	 * Starts everything and waits until the services are healthy (each within 180 s).
	 * @throws StackException when a jar is missing or a part does not come up
	 */
	public void start() {
		this.services.requireJars();
		this.store.save(this.state);
		CompletableFuture<Void> kafka = CompletableFuture.runAsync(() -> {
			ManagedProcess broker = this.infrastructure.startKafka();
			update((stack) -> stack.withProcess(broker).withKafka(String.valueOf(broker.url())));
		}, VIRTUAL);
		try {
			ManagedProcess postmaster = this.infrastructure.startPostgres();
			update((stack) -> stack.withProcess(postmaster).withPostgres(this.infrastructure.createDatabase()));
			ManagedProcess valkey = startValkey(ValkeyServer.NAME, FreePorts.allocate());
			update((stack) -> stack.withValkey(new ValkeyEndpoint(String.valueOf(valkey.url()), "", false)));
			startValkey(GATE_VALKEY, FreePorts.allocate());
		}
		finally {
			ProcessWaits.join(kafka);
		}
		startService(Service.API_SERVICE, Map.of(), true);
		CompletableFuture<Void> reconciler = CompletableFuture
			.runAsync(() -> startService(Service.RECONCILER, Map.of(), true), VIRTUAL);
		CompletableFuture<Void> simulator = CompletableFuture
			.runAsync(() -> startService(Service.PAYMENT_SIMULATOR, Map.of(), true), VIRTUAL);
		try {
			startService(Service.BOOKING_WORKER, Map.of(), true);
		}
		finally {
			ProcessWaits.join(reconciler);
			ProcessWaits.join(simulator);
		}
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
	 * {@code kill -9}: SIGKILL, then waits until the process ended (at most 20 s).
	 * @param name the process's name
	 * @throws StackException when it did not end
	 */
	void kill(String name) {
		ProcessWaits.kill(process(name));
	}

	/**
	 * Sends a signal to a recorded process, for example {@code STOP} to freeze it and {@code CONT} to let it go on.
	 * @param name the process's name
	 * @param signal the signal's name without {@code SIG}
	 * @throws StackException when the signal cannot be sent
	 */
	void signal(String name, String signal) {
		long pid = process(name).pid();
		try {
			Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).inheritIO().start();
			if (kill.waitFor() != 0) {
				throw new StackException("kill -" + signal + " " + pid + " (" + name + ") failed");
			}
		}
		catch (IOException ex) {
			throw new StackException("kill -" + signal + " " + pid + " (" + name + ") failed: " + ex, ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new StackException("Interrupted sending SIG" + signal + " to " + name, ex);
		}
	}

	/**
	 * Asks Postgres for a fast shutdown (SIGINT: open sessions are cut, new connections refused, the data stays
	 * consistent) and returns at once.
	 * @throws StackException when the signal cannot be sent
	 */
	void shutDownPostgres() {
		this.infrastructure.shutDownPostgres(process(LocalPostgres.NAME));
	}

	/**
	 * Crashes the run's own Postgres: SIGKILL of the postmaster and of its processes (nothing is flushed or shut down);
	 * returns once they all ended.
	 * @throws StackException when a process did not end within 20 s
	 */
	void killPostgres() {
		this.infrastructure.killPostgres(process(LocalPostgres.NAME));
	}

	/**
	 * Waits until the stopped Postgres ended, keeps it down until a time after it was stopped, then starts it again
	 * on its data and port.
	 * @param since when it was stopped ({@link System#nanoTime()})
	 * @param down how long after {@code since} it stays down at least
	 * @throws StackException when it does not end within 20 s or does not come back within 60 s
	 */
	void startPostgresAgain(long since, Duration down) {
		ManagedProcess postmaster = this.infrastructure.startPostgresAgain(process(LocalPostgres.NAME), since, down);
		update((stack) -> stack.withoutProcess(LocalPostgres.NAME).withProcess(postmaster));
	}

	/**
	 * Starts the Kafka broker again on its data and ports.
	 */
	void restartKafka() {
		String bootstrapServers = Objects.requireNonNull(this.state.kafkaBootstrapServers());
		ManagedProcess broker = this.infrastructure.restartKafka(bootstrapServers);
		update((stack) -> stack.withoutProcess(KafkaBroker.NAME).withProcess(broker));
	}

	/**
	 * Starts a Valkey server (again: empty) on its port, and waits until it answers PING.
	 * @param name {@link ValkeyServer#NAME} or {@link #GATE_VALKEY}
	 * @param port its port
	 * @return the running server
	 */
	ManagedProcess startValkey(String name, int port) {
		ManagedProcess server = this.infrastructure.startValkey(name, port);
		update((stack) -> stack.withoutProcess(name).withProcess(server));
		return server;
	}

	/**
	 * Starts a service (again) on its ports with the chaos settings.
	 * @param service which service
	 * @param extra settings added for this start only, for example an armed failpoint
	 * @param awaitHealthy whether to wait (at most 180 s) until it is healthy
	 * @return the started service
	 */
	ManagedProcess startService(Service service, Map<String, String> extra, boolean awaitHealthy) {
		ManagedProcess process = this.services.launch(service, this.state, String.valueOf(process(GATE_VALKEY).url()),
				extra);
		update((stack) -> stack.withoutProcess(service.module()).withProcess(process));
		if (awaitHealthy) {
			Readiness.awaitHealthy(process, ServiceLauncher.READY_TIMEOUT);
		}
		return process;
	}

	/**
	 * Waits until a recorded process ended.
	 * @param name the process's name
	 * @param timeout how long to wait
	 * @return true when it ended in time
	 */
	boolean awaitExit(String name, Duration timeout) {
		return process(name).handle().map((handle) -> ProcessWaits.exit(handle, timeout)).orElse(true);
	}

	/**
	 * Stops everything (services first, SIGTERM then SIGKILL after 30 s) and deletes the state file; only the
	 * first call does anything.
	 */
	@Override
	public void close() {
		if (!this.closed.compareAndSet(false, true)) {
			return;
		}
		new StackStopper(this.store, System.out).stop(this.state);
	}

	private synchronized void update(UnaryOperator<StackState> change) {
		this.state = change.apply(this.state);
		this.store.save(this.state);
	}

}
