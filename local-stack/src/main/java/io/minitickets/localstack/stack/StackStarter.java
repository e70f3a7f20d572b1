package io.minitickets.localstack.stack;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.UnaryOperator;

import io.minitickets.localstack.kafka.KafkaBroker;
import io.minitickets.localstack.postgres.EmbeddedPostgresServer;
import io.minitickets.localstack.postgres.PostgresServer;
import io.minitickets.localstack.valkey.ValkeyProbe;
import io.minitickets.localstack.valkey.ValkeyServer;

/**
 * Brings a stack up in a {@link Topology}: Kafka, Postgres, Valkey, then api-service (which migrates the schema) and,
 * once it is healthy, the other instances: booking-worker, reconciler and, in the cluster topology, a second of each
 * service. The state file is written after every step; when a step fails (or the command is interrupted), whatever was
 * started is stopped again.
 */
public final class StackStarter {

	/** The bootstrap admin's email unless {@code MINITICKETS_ADMIN_EMAIL} says otherwise. */
	public static final String DEFAULT_ADMIN_EMAIL = "admin@minitickets.local";

	private final StateStore store;

	private final PrintStream out;

	private final ProcessLauncher launcher;

	private final ServiceLauncher services;

	private final Map<String, String> serviceEnvironment;

	private volatile StackState state;

	/**
	 * @param store the state file of the stack to start
	 * @param checkout the checkout's root folder, where the services' jars are
	 * @param out where progress is reported
	 */
	public StackStarter(StateStore store, Path checkout, PrintStream out) {
		this(store, checkout, out, Map.of());
	}

	/**
	 * A starter whose services get settings of their own, for runs that tune them (a fault-injection run's short
	 * lease TTL and reconcile interval).
	 * @param store the state file of the stack to start
	 * @param checkout the checkout's root folder, where the services' jars are
	 * @param out where progress is reported
	 * @param serviceEnvironment variables every service gets on top of (or instead of) the stack's own
	 */
	public StackStarter(StateStore store, Path checkout, PrintStream out, Map<String, String> serviceEnvironment) {
		this.serviceEnvironment = Map.copyOf(serviceEnvironment);
		this.store = store;
		this.out = out;
		this.launcher = new ProcessLauncher(checkout);
		this.services = new ServiceLauncher(this.launcher, checkout, logs());
		this.state = StackState.fresh(env("MINITICKETS_ADMIN_EMAIL", DEFAULT_ADMIN_EMAIL),
				System.getenv("MINITICKETS_ADMIN_PASSWORD"));
	}

	/**
	 * Starts a new stack. A recorded stack whose processes all ended is cleaned up first.
	 * @param infrastructureOnly start Kafka, Postgres and Valkey only (to run a service from an IDE against them)
	 * @return the running stack
	 * @throws StackException when a stack is already running, a jar is missing, or a part does not come up
	 */
	public StackState start(boolean infrastructureOnly) {
		return start(infrastructureOnly, Topology.SINGLE);
	}

	/**
	 * Starts a new stack in a topology. A recorded stack whose processes all ended is cleaned up first.
	 * @param infrastructureOnly start Kafka, Postgres and Valkey only (to run a service from an IDE against them)
	 * @param topology how many brokers, Valkey nodes and service instances
	 * @return the running stack
	 * @throws StackException when a stack is already running, a jar is missing, or a part does not come up
	 */
	public StackState start(boolean infrastructureOnly, Topology topology) {
		this.store.load().ifPresent((previous) -> {
			if (previous.anyRunning()) {
				throw new StackException("Stack " + previous.stackId() + " is already up (state: " + this.store.file()
						+ "); stop it with ./minitickets down");
			}
			new StackStopper(this.store, this.out).stop(previous);
		});
		if (!infrastructureOnly) {
			this.services.requireJars();
		}
		this.store.save(this.state);
		Thread interrupted = new Thread(this::stopStarted, "minitickets-stop-on-interrupt");
		Runtime.getRuntime().addShutdownHook(interrupted);
		try {
			runConcurrently(List.of(() -> startKafka(topology), () -> {
				startPostgres();
				startValkey(topology);
			}));
			if (!infrastructureOnly) {
				startServices(topology);
			}
		}
		catch (RuntimeException ex) {
			this.out.println("Start failed; stopping what was started.");
			stopStarted();
			throw ex;
		}
		finally {
			removeHook(interrupted);
		}
		return this.state;
	}

	private void startKafka(Topology topology) {
		if (topology.kafkaBrokers() > 1) {
			this.out.println("Starting Kafka (KRaft, " + topology.kafkaBrokers() + " nodes, each broker and controller)...");
			List<ManagedProcess> brokers = new KafkaBroker(this.launcher, ProcessLauncher.classpath()).startCluster(
					this.store.directory().resolve(KafkaBroker.NAME), logs(), topology.kafkaBrokers(),
					(broker) -> update((stack) -> stack.withProcess(broker)));
			String bootstrapServers = KafkaBroker.bootstrapServers(brokers);
			update((stack) -> stack.withKafka(bootstrapServers));
			this.out.println("  Kafka is up at " + bootstrapServers);
			return;
		}
		this.out.println("Starting Kafka (KRaft, single node)...");
		ManagedProcess broker = new KafkaBroker(this.launcher, ProcessLauncher.classpath())
			.start(this.store.directory().resolve(KafkaBroker.NAME), logs().resolve("kafka.log"));
		update((stack) -> stack.withProcess(broker).withKafka(String.valueOf(broker.url())));
		this.out.println("  Kafka is up at " + broker.url());
	}

	private void startPostgres() {
		PostgresServer configured = PostgresServer.configured();
		String database = "minitickets_" + this.state.stackId();
		if (configured.reachable()) {
			PostgresEndpoint endpoint = configured.createDatabase(database, true);
			update((stack) -> stack.withPostgres(endpoint));
			this.out.println("  Postgres: database " + database + " on " + configured.adminUrl());
			return;
		}
		this.out.println("No Postgres at " + configured.adminUrl() + "; starting an embedded one...");
		EmbeddedPostgresServer.Started embedded = new EmbeddedPostgresServer(this.launcher, ProcessLauncher.classpath())
			.start(this.store.directory().resolve(EmbeddedPostgresServer.NAME), logs().resolve("postgres.log"));
		embedded.processes().forEach((process) -> update((stack) -> stack.withProcess(process)));
		PostgresEndpoint endpoint = embedded.server().createDatabase(database, false);
		update((stack) -> stack.withPostgres(endpoint));
		this.out.println("  Postgres: embedded, database " + database + " on " + embedded.server().adminUrl());
	}

	private void startValkey(Topology topology) {
		if (topology.valkeyPrimaries() > 0) {
			this.out.println("Starting a Valkey Cluster of " + topology.valkeyPrimaries() + " primaries...");
			ValkeyServer.Cluster cluster = new ValkeyServer(this.launcher).startCluster(
					this.store.directory().resolve(ValkeyServer.NAME), logs(), topology.valkeyPrimaries(),
					(node) -> update((stack) -> stack.withProcess(node)));
			update((stack) -> stack.withValkey(new ValkeyEndpoint(cluster.url(), "", false)));
			this.out.println("  Valkey Cluster: " + cluster.url());
			return;
		}
		String configured = env("MINITICKETS_VALKEY_URL", "redis://127.0.0.1:6379");
		if (ValkeyProbe.reachable(configured)) {
			String prefix = "stack-" + this.state.stackId() + ":";
			update((stack) -> stack.withValkey(new ValkeyEndpoint(configured, prefix, true)));
			this.out.println("  Valkey: " + configured + ", key prefix " + prefix);
			return;
		}
		this.out.println("No Valkey at " + configured + "; starting one...");
		ManagedProcess server = new ValkeyServer(this.launcher).start(this.store.directory().resolve(ValkeyServer.NAME),
				logs().resolve("valkey.log"));
		update((stack) -> stack.withProcess(server)
			.withValkey(new ValkeyEndpoint(String.valueOf(server.url()), "", false)));
		this.out.println("  Valkey: started at " + server.url());
	}

	private void startServices(Topology topology) {
		List<Instance> rest = new ArrayList<>();
		for (Service service : Service.values()) {
			for (int instance = 1; instance <= service.instances(topology); instance++) {
				rest.add(new Instance(service, Topology.instanceName(service, instance)));
			}
		}
		// Every instance's two ports (HTTP, management) in one allocation: ports allocated one call at a time are
		// free only until their process binds them, so a later call could hand out one not bound yet.
		Iterator<Integer> free = FreePorts.allocate(2 * rest.size()).iterator();
		Map<String, List<Integer>> ports = new LinkedHashMap<>();
		rest.forEach((instance) -> ports.put(instance.name(), List.of(free.next(), free.next())));
		// api-service and the workers talk to the simulator, which delivers to api-service
		Map<String, String> environment = new LinkedHashMap<>(ServiceLauncher
			.paymentApiBase(ports.get(Topology.instanceName(Service.PAYMENT_SIMULATOR, 1)).get(0)));
		environment.putAll(this.serviceEnvironment);
		this.out.println("Starting api-service (it migrates the schema)...");
		ManagedProcess api = startService(Service.API_SERVICE, Service.API_SERVICE.module(),
				ports.get(Service.API_SERVICE.module()), environment);
		update((stack) -> stack.withProcess(api));
		Readiness.awaitHealthy(api, ServiceLauncher.READY_TIMEOUT);
		this.out.println("  api-service is healthy at " + api.url());
		rest.removeIf((instance) -> instance.name().equals(api.name()));
		String names = String.join(", ", rest.stream().map(Instance::name).toList());
		this.out.println("Starting " + names + "...");
		List<ManagedProcess> others = new ArrayList<>();
		for (Instance instance : rest) {
			ManagedProcess process = startService(instance.service(), instance.name(), ports.get(instance.name()),
					environment);
			others.add(process);
			update((stack) -> stack.withProcess(process));
		}
		// Twice the instances start twice the JVMs at once on the same cores: as much more time to become healthy.
		Duration ready = ServiceLauncher.READY_TIMEOUT.multipliedBy(topology.instances());
		runConcurrently(others.stream()
			.<Runnable>map((process) -> () -> Readiness.awaitHealthy(process, ready))
			.toList());
		this.out.println("  " + names + " are healthy");
	}

	private ManagedProcess startService(Service service, String name, List<Integer> ports,
			Map<String, String> environment) {
		return this.services.start(service, name, this.state, true, ports, environment);
	}

	/** One instance of a service, by the name it is recorded under. */
	private record Instance(Service service, String name) {
	}

	/**
	 * Runs tasks on virtual threads and waits for all of them.
	 * @throws RuntimeException the first task's failure, in task order, after all tasks ended
	 */
	static void runConcurrently(List<Runnable> tasks) {
		List<Future<?>> running = new ArrayList<>();
		try (ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor()) {
			tasks.forEach((task) -> running.add(executor.submit(task)));
		}
		for (Future<?> task : running) {
			if (task.state() == Future.State.FAILED) {
				if (task.exceptionNow() instanceof RuntimeException failure) {
					throw failure;
				}
				throw new StackException("A start step failed: " + task.exceptionNow(), task.exceptionNow());
			}
		}
	}

	private synchronized void update(UnaryOperator<StackState> change) {
		this.state = change.apply(this.state);
		this.store.save(this.state);
	}

	private void stopStarted() {
		new StackStopper(this.store, this.out).stop(this.state);
	}

	private Path logs() {
		return this.store.directory().resolve("logs");
	}

	private static void removeHook(Thread hook) {
		try {
			Runtime.getRuntime().removeShutdownHook(hook);
		}
		catch (IllegalStateException ex) {
			// the JVM is already shutting down: the hook runs and stops what was started
		}
	}

	private static String env(String name, String fallback) {
		String value = System.getenv(name);
		return (value != null && !value.isBlank()) ? value : fallback;
	}

}
