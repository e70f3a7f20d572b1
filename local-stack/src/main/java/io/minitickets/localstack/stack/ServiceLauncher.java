package io.minitickets.localstack.stack;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import io.minitickets.localstack.kafka.KafkaBroker;

/**
 * Starts a service as {@code java -jar} on free ports (API and management), configured for the stack through
 * environment variables, with its log in the state folder.
 */
public final class ServiceLauncher {

	/** How long a service may take to report healthy; generous, as four JVMs start on a small machine. */
	public static final Duration READY_TIMEOUT = Duration.ofSeconds(180);

	/** Where api-service takes the payment provider's webhooks. */
	public static final String WEBHOOK_PATH = "/api/payments/webhook";

	private final ProcessLauncher launcher;

	private final Path checkout;

	private final Path logDirectory;

	/**
	 * @param launcher starts the processes
	 * @param checkout the checkout's root folder, where the jars are built
	 * @param logDirectory where the services' logs go
	 */
	public ServiceLauncher(ProcessLauncher launcher, Path checkout, Path logDirectory) {
		this.launcher = launcher;
		this.checkout = checkout;
		this.logDirectory = logDirectory;
	}

	/**
	 * Checks that every service's jar is built.
	 * @throws StackException naming the missing jars and the build command
	 */
	public void requireJars() {
		List<String> missing = List.of(Service.values())
			.stream()
			.map((service) -> service.jar(this.checkout))
			.filter((jar) -> !Files.isRegularFile(jar))
			.map((jar) -> this.checkout.relativize(jar).toString())
			.toList();
		if (!missing.isEmpty()) {
			throw new StackException("Not built yet: " + String.join(", ", missing)
					+ ". Build with ./mvnw -B -DskipTests package (./minitickets does it for you).");
		}
	}

	/**
	 * Starts a service; see {@link Readiness#awaitHealthy} to wait for it.
	 * @param service which service
	 * @param name the name it is recorded under (the module's name, or another for a second instance)
	 * @param state the stack, with Kafka, Postgres and Valkey up
	 * @param gateEnabled whether api-service uses the inventory gate (ignored by the other services)
	 * @return the started process; its URL is the API's base URL, its health URL on the management port
	 * @throws StackException when the jar is missing or the process cannot be started
	 */
	public ManagedProcess start(Service service, String name, StackState state, boolean gateEnabled) {
		return start(service, name, state, gateEnabled, FreePorts.allocate(2), Map.of());
	}

	/**
	 * Starts a service on given ports with extra settings, for runs that restart a service where it was.
	 * @param service which service
	 * @param name the name it is recorded under
	 * @param state the stack, with Kafka, Postgres and Valkey up
	 * @param gateEnabled whether api-service uses the inventory gate (ignored by the other services)
	 * @param ports the HTTP port and the actuator's port
	 * @param extra variables added to (or replacing) the stack's ones
	 * @return the started process
	 * @throws StackException when the jar is missing or the process cannot be started
	 */
	public ManagedProcess start(Service service, String name, StackState state, boolean gateEnabled,
			List<Integer> ports, Map<String, String> extra) {
		return start(service, name, state, gateEnabled, ports, extra, this.logDirectory.resolve(name + ".log"));
	}

	/**
	 * Starts a service on given ports with extra settings and a log of its own, for runs that keep one log per start.
	 * @param service which service
	 * @param name the name it is recorded under
	 * @param state the stack, with Kafka, Postgres and Valkey up
	 * @param gateEnabled whether api-service uses the inventory gate (ignored by the other services)
	 * @param ports the HTTP port and the actuator's port
	 * @param extra variables added to (or replacing) the stack's ones
	 * @param logFile where its output goes; replaced
	 * @return the started process
	 * @throws StackException when the jar is missing or the process cannot be started
	 */
	public ManagedProcess start(Service service, String name, StackState state, boolean gateEnabled,
			List<Integer> ports, Map<String, String> extra, Path logFile) {
		Path jar = service.jar(this.checkout);
		if (!Files.isRegularFile(jar)) {
			throw new StackException(this.checkout.relativize(jar) + " is not built; build with "
					+ "./mvnw -B -DskipTests package");
		}
		Map<String, String> environment = new LinkedHashMap<>(
				environment(service, state, ports.get(0), ports.get(1), gateEnabled));
		environment.putAll(extra);
		return this.launcher.start(name, ProcessKind.SERVICE, List.of(ProcessLauncher.java(), "-jar", jar.toString()),
				environment, logFile, "http://127.0.0.1:" + ports.get(0),
				"http://127.0.0.1:" + ports.get(1) + "/actuator/health");
	}

	/**
	 * The environment a service reads its configuration from.
	 * @param service which service
	 * @param state the stack, with Kafka, Postgres and Valkey up
	 * @param port the HTTP port
	 * @param managementPort the actuator's port
	 * @param gateEnabled whether api-service uses the inventory gate
	 * @return the variables, in a stable order
	 */
	static Map<String, String> environment(Service service, StackState state, int port, int managementPort,
			boolean gateEnabled) {
		if (service == Service.PAYMENT_SIMULATOR) {
			return simulatorEnvironment(state, port, managementPort);
		}
		PostgresEndpoint postgres = Objects.requireNonNull(state.postgres(), "Postgres is not up");
		ValkeyEndpoint valkey = Objects.requireNonNull(state.valkey(), "Valkey is not up");
		Map<String, String> environment = new LinkedHashMap<>();
		environment.put("SPRING_DATASOURCE_URL", postgres.jdbcUrl());
		environment.put("SPRING_DATASOURCE_USERNAME", postgres.username());
		environment.put("SPRING_DATASOURCE_PASSWORD", postgres.password());
		environment.put("SPRING_KAFKA_BOOTSTRAP_SERVERS",
				Objects.requireNonNull(state.kafkaBootstrapServers(), "Kafka is not up"));
		environment.put("MINITICKETS_VALKEY_URL", valkey.url());
		environment.put("MINITICKETS_VALKEY_KEY_PREFIX", valkey.keyPrefix());
		environment.put("MINITICKETS_TOPICS_PARTITIONS", Integer.toString(KafkaBroker.PARTITIONS));
		environment.put("SERVER_ADDRESS", "127.0.0.1");
		environment.put("SERVER_PORT", Integer.toString(port));
		environment.put("MANAGEMENT_SERVER_ADDRESS", "127.0.0.1");
		environment.put("MANAGEMENT_SERVER_PORT", Integer.toString(managementPort));
		if (service == Service.API_SERVICE) {
			environment.put("MINITICKETS_JWT_SECRET", state.jwtSecret());
			environment.put("MINITICKETS_ADMIN_EMAIL", state.adminEmail());
			environment.put("MINITICKETS_ADMIN_PASSWORD", state.adminPassword());
			environment.put("INVENTORY_GATE_ENABLED", Boolean.toString(gateEnabled));
			environment.put("MINITICKETS_PAYMENT_API_RETURN_BASE", "http://127.0.0.1:" + port + "/");
		}
		if (service == Service.API_SERVICE || service == Service.BOOKING_WORKER) {
			environment.putAll(paymentEnvironment(state));
		}
		return environment;
	}

	/**
	 * The payment provider of api-service (checkouts, webhooks) and the worker (refunds): the stack's simulator, with
	 * the stack's API key and webhook secret.
	 * @param state the stack; the simulator's URL is known once it is recorded (on a restart); {@code up} starts
	 * api-service before it and passes {@code MINITICKETS_PAYMENT_API_BASE} itself, the simulator's ports chosen first
	 * @return the variables
	 */
	static Map<String, String> paymentEnvironment(StackState state) {
		Map<String, String> environment = new LinkedHashMap<>();
		environment.put("MINITICKETS_PAYMENT_API_KEY", state.paymentApiKey());
		environment.put("MINITICKETS_PAYMENT_WEBHOOK_SECRET", state.paymentWebhookSecret());
		state.process(Service.PAYMENT_SIMULATOR.module())
			.ifPresent((simulator) -> environment.put("MINITICKETS_PAYMENT_API_BASE", simulator.url()));
		return environment;
	}

	/**
	 * @param simulatorPort the HTTP port the payment simulator will listen on
	 * @return the variable that points a service at it before it is recorded
	 */
	public static Map<String, String> paymentApiBase(int simulatorPort) {
		return Map.of("MINITICKETS_PAYMENT_API_BASE", "http://127.0.0.1:" + simulatorPort);
	}

	/**
	 * The payment simulator needs no infrastructure: its ports, the stack's payment API key and webhook secret, and
	 * where to deliver webhooks (api-service's {@value #WEBHOOK_PATH}).
	 */
	private static Map<String, String> simulatorEnvironment(StackState state, int port, int managementPort) {
		ManagedProcess api = state.process(Service.API_SERVICE.module())
			.orElseThrow(() -> new StackException("api-service is not recorded; the payment simulator delivers to it"));
		Map<String, String> environment = new LinkedHashMap<>();
		environment.put("SERVER_ADDRESS", "127.0.0.1");
		environment.put("SERVER_PORT", Integer.toString(port));
		environment.put("MANAGEMENT_SERVER_ADDRESS", "127.0.0.1");
		environment.put("MANAGEMENT_SERVER_PORT", Integer.toString(managementPort));
		environment.put("MINITICKETS_SIMULATOR_API_KEY", state.paymentApiKey());
		environment.put("MINITICKETS_SIMULATOR_WEBHOOK_SECRET", state.paymentWebhookSecret());
		environment.put("MINITICKETS_SIMULATOR_WEBHOOK_URL", api.url() + WEBHOOK_PATH);
		return environment;
	}

}
