package io.minitickets.localstack.chaos;

import java.nio.file.Path;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.minitickets.localstack.stack.FreePorts;
import io.minitickets.localstack.stack.ManagedProcess;
import io.minitickets.localstack.stack.ProcessLauncher;
import io.minitickets.localstack.stack.Service;
import io.minitickets.localstack.stack.ServiceLauncher;
import io.minitickets.localstack.stack.StackException;
import io.minitickets.localstack.stack.StackState;

/**
 * Starts the run's services with the chaos settings, each on the same two ports (API, management) every time, so a
 * restarted api-service is where the load's clients left it.
 */
final class ChaosServices {

	private final ServiceLauncher launcher;

	private final Path logs;

	private final ChaosSettings settings;

	private final Map<Service, List<Integer>> ports = new EnumMap<>(Service.class);

	/**
	 * @param launcher starts processes
	 * @param checkout the checkout, where the services' jars are
	 * @param logs where the services' logs go, one per start ({@link StartLogs})
	 * @param settings the chaos settings
	 */
	ChaosServices(ProcessLauncher launcher, Path checkout, Path logs, ChaosSettings settings) {
		this.launcher = new ServiceLauncher(launcher, checkout, logs);
		this.logs = logs;
		this.settings = settings;
	}

	/**
	 * @throws StackException naming the jars that are not built, and how to build them
	 */
	void requireJars() {
		this.launcher.requireJars();
	}

	/**
	 * Starts a service without waiting for it.
	 * @param service which service
	 * @param state the stack, with Kafka, Postgres and the main Valkey up
	 * @param gateValkeyUrl the gate's Valkey
	 * @param extra settings for this start only, for example an armed failpoint
	 * @return the started process
	 * @throws StackException when it cannot be started
	 */
	/**
	 * @param service which service
	 * @return its HTTP and management ports, the same for every start of it
	 */
	synchronized List<Integer> ports(Service service) {
		if (this.ports.isEmpty()) {
			// Every service's ports in one allocation: ports allocated one call at a time are free only until their
			// process binds them, so a later call could hand out one not bound yet (the simulator's, say).
			Service[] services = Service.values();
			List<Integer> free = FreePorts.allocate(2 * services.length);
			for (int i = 0; i < services.length; i++) {
				this.ports.put(services[i], List.of(free.get(2 * i), free.get(2 * i + 1)));
			}
		}
		return this.ports.get(service);
	}

	ManagedProcess launch(Service service, StackState state, String gateValkeyUrl, Map<String, String> extra) {
		Map<String, String> environment = new LinkedHashMap<>(this.settings.environment(gateValkeyUrl));
		// the simulator delivers to api-service, which starts first: every start names the simulator's fixed port
		environment.putAll(ServiceLauncher.paymentApiBase(ports(Service.PAYMENT_SIMULATOR).get(0)));
		environment.putAll(extra);
		return this.launcher.start(service, service.module(), state, true,
				ports(service), environment,
				StartLogs.next(this.logs, service.module()));
	}

}
