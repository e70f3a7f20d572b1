package io.minitickets.localstack.stack;

import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

import org.jspecify.annotations.Nullable;

import io.minitickets.localstack.kafka.KafkaBroker;
import io.minitickets.localstack.postgres.EmbeddedPostgresServer;
import io.minitickets.localstack.postgres.PostgresServer;
import io.minitickets.localstack.valkey.ValkeyProbe;
import io.minitickets.localstack.valkey.ValkeyServer;

/**
 * Starts again, where they were, the processes of a recorded stack that no longer run: the Kafka broker on its ports
 * and data, the embedded Postgres on its port and data, a started Valkey on its port (empty: it persists nothing), then
 * the services on their ports with the stack's settings (database, key prefix, signing key, admin). Each waits until
 * it is ready; the state file is written after every step, with the new process ids. A process's previous log is kept
 * as {@code <name>.previous.log}, since it tells why the process ended.
 */
final class StackRestarter {

	/**
	 * How long what is left of a half-ended embedded Postgres may take to stop after SIGTERM before SIGKILL: Postgres's
	 * smart shutdown waits for the services' pooled connections, which do not close on their own, and a killed server
	 * recovers from its write-ahead log on the next start.
	 */
	private static final Duration POSTGRES_STOP_GRACE = Duration.ofSeconds(10);

	private final StateStore store;

	private final PrintStream out;

	private final ProcessLauncher launcher;

	private final ServiceLauncher services;

	private volatile StackState state;

	/**
	 * @param store the stack's state file
	 * @param state the recorded stack
	 * @param checkout the checkout's root folder, where the services' jars are
	 * @param out where progress is reported
	 */
	StackRestarter(StateStore store, StackState state, Path checkout, PrintStream out) {
		this.store = store;
		this.state = state;
		this.out = out;
		this.launcher = new ProcessLauncher(checkout);
		this.services = new ServiceLauncher(this.launcher, checkout, store.directory().resolve("logs"));
	}

	/**
	 * Restarts what the plan names (the infrastructure in parallel, then api-service, then the other services) and
	 * waits until each is ready, services healthy.
	 * @param plan what to restart; its {@link RestartPlan#forgotten} entries are left to the caller
	 * @return the stack with the new processes, as recorded in the state file
	 * @throws StackException when a shared server the services need does not answer, or a process does not come back
	 * (with its log's last lines); what came back stays running and recorded
	 */
	StackState restart(RestartPlan plan) {
		List<Runnable> infrastructure = new ArrayList<>();
		if (plan.kafka()) {
			infrastructure.add(this::restartKafka);
		}
		if (plan.embeddedPostgres()) {
			infrastructure.add(this::restartPostgres);
		}
		if (plan.valkey()) {
			infrastructure.add(this::restartValkey);
		}
		try {
			StackStarter.runConcurrently(infrastructure);
			if (!plan.services().isEmpty()) {
				requireSharedServers();
				restartServices(plan.services());
			}
		}
		catch (StackException ex) {
			throw new StackException(ex.getMessage() + "\nThe state file " + this.store.file() + " records what runs "
					+ "(./minitickets status); ./minitickets up tries again, ./minitickets down stops the stack and "
					+ "drops its data.", ex);
		}
		return this.state;
	}

	private void restartKafka() {
		ManagedProcess recorded = recorded(KafkaBroker.NAME);
		this.out.println("Restarting Kafka at " + recorded.url() + " on its data...");
		ManagedProcess broker = new KafkaBroker(this.launcher, ProcessLauncher.classpath()).restart(
				this.store.directory().resolve(KafkaBroker.NAME), PreviousLogs.keep(recorded),
				String.valueOf(recorded.url()));
		update((stack) -> stack.withRestarted(broker));
		this.out.println("  Kafka is up again at " + broker.url() + " (pid " + broker.pid() + ")");
	}

	private void restartPostgres() {
		List<ManagedProcess> left = this.state.processes()
			.stream()
			.filter((process) -> process.name().equals(EmbeddedPostgresServer.NAME)
					|| process.name().equals(EmbeddedPostgresServer.SERVER_NAME))
			.filter(ManagedProcess::running)
			.toList();
		if (!left.isEmpty()) {
			this.out.println("Stopping what is left of the embedded Postgres: "
					+ String.join(", ", left.stream().map((process) -> process.name() + " (pid " + process.pid() + ")")
						.toList()));
			List<String> alive = ProcessStopper.stopAll(left, POSTGRES_STOP_GRACE);
			if (!alive.isEmpty()) {
				throw new StackException("Could not stop " + String.join(", ", alive) + " to restart Postgres");
			}
		}
		ManagedProcess recorded = recorded(EmbeddedPostgresServer.NAME);
		this.out.println("Restarting the embedded Postgres at " + recorded.url() + " on its data...");
		EmbeddedPostgresServer.Started started = new EmbeddedPostgresServer(this.launcher, ProcessLauncher.classpath())
			.restart(this.store.directory().resolve(EmbeddedPostgresServer.NAME), PreviousLogs.keep(recorded),
					String.valueOf(recorded.url()));
		update((stack) -> {
			StackState next = stack.withoutProcess(EmbeddedPostgresServer.SERVER_NAME);
			for (ManagedProcess process : started.processes()) {
				next = next.withRestarted(process);
			}
			return next;
		});
		this.out.println("  Postgres is up again at " + started.server().adminUrl());
	}

	private void restartValkey() {
		ManagedProcess recorded = recorded(ValkeyServer.NAME);
		this.out.println("Restarting Valkey at " + recorded.url() + " (empty again: it persists nothing)...");
		ManagedProcess server = new ValkeyServer(this.launcher).start(ValkeyServer.NAME,
				this.store.directory().resolve(ValkeyServer.NAME), PreviousLogs.keep(recorded),
				port(recorded.url(), ValkeyServer.NAME));
		update((stack) -> stack.withRestarted(server));
		this.out.println("  Valkey is up again at " + server.url() + " (pid " + server.pid() + ")");
	}

	private void restartServices(List<Service> ended) {
		if (ended.contains(Service.API_SERVICE)) {
			ManagedProcess api = restartService(Service.API_SERVICE);
			Readiness.awaitHealthy(api, ServiceLauncher.READY_TIMEOUT);
			this.out.println("  api-service is healthy again at " + api.url() + " (pid " + api.pid() + ")");
		}
		List<ManagedProcess> others = ended.stream()
			.filter((service) -> service != Service.API_SERVICE)
			.map(this::restartService)
			.toList();
		StackStarter.runConcurrently(others.stream().<Runnable>map((process) -> () -> {
			Readiness.awaitHealthy(process, ServiceLauncher.READY_TIMEOUT);
			this.out.println("  " + process.name() + " is healthy again (pid " + process.pid() + ")");
		}).toList());
	}

	/**
	 * Starts a service on its recorded ports; {@code up} runs every service with the inventory gate on.
	 */
	private ManagedProcess restartService(Service service) {
		ManagedProcess recorded = recorded(service.module());
		this.out.println("Restarting " + service.module() + " at " + recorded.url() + "...");
		PreviousLogs.keep(recorded);
		ManagedProcess process = this.services.start(service, service.module(), this.state, true,
				List.of(port(recorded.url(), service.module()), port(recorded.healthUrl(), service.module())),
				Map.of());
		update((stack) -> stack.withRestarted(process));
		return process;
	}

	/**
	 * Fails fast, rather than after the services' readiness timeout, when the configured Postgres or Valkey the stack
	 * uses (and did not start) does not answer.
	 */
	private void requireSharedServers() {
		PostgresEndpoint postgres = this.state.postgres();
		if (postgres != null && postgres.shared()
				&& !new PostgresServer(postgres.adminUrl(), postgres.username(), postgres.password()).reachable()) {
			throw new StackException("The stack's Postgres at " + postgres.adminUrl() + " does not answer; start it, "
					+ "then run ./minitickets up again");
		}
		ValkeyEndpoint valkey = this.state.valkey();
		if (valkey != null && valkey.shared() && !ValkeyProbe.reachable(valkey.url())) {
			throw new StackException("The stack's Valkey at " + valkey.url() + " does not answer; start it, then run "
					+ "./minitickets up again");
		}
	}

	private ManagedProcess recorded(String name) {
		return this.state.process(name)
			.orElseThrow(() -> new IllegalStateException(name + " is not recorded in " + this.store.file()));
	}

	/**
	 * @param url a recorded URL, for example {@code http://127.0.0.1:41234} or {@code redis://127.0.0.1:41235}
	 * @param name the process it belongs to, for the error message
	 * @return its port
	 * @throws StackException when the URL names no port
	 */
	static int port(@Nullable String url, String name) {
		int port = (url != null) ? URI.create(url).getPort() : -1;
		if (port < 0) {
			throw new StackException("The state file records no port for " + name + " (" + url + ")");
		}
		return port;
	}

	private synchronized void update(UnaryOperator<StackState> change) {
		this.state = change.apply(this.state);
		this.store.save(this.state);
	}

}
