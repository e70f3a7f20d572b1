package io.minitickets.loadtests.demo;

import java.io.PrintStream;
import java.net.URI;

import io.minitickets.loadtests.client.StackSession;
import io.minitickets.localstack.stack.ManagedProcess;
import io.minitickets.localstack.stack.ProcessLauncher;
import io.minitickets.localstack.stack.Readiness;
import io.minitickets.localstack.stack.Service;
import io.minitickets.localstack.stack.ServiceLauncher;
import io.minitickets.localstack.stack.StackState;
import io.minitickets.localstack.stack.StackStopper;
import io.minitickets.localstack.stack.StateDirectoryOption;
import io.minitickets.localstack.stack.StateStore;

/**
 * A second api-service without the inventory gate ({@code INVENTORY_GATE_ENABLED=false}) on the stack's Kafka,
 * Postgres and Valkey, for the demo and the bench's gate figure; stopped when the session closes.
 */
public final class GateOffApi {

	/** The name of the second api-service, the one without the inventory gate. */
	public static final String NAME = "api-service-gate-off";

	private GateOffApi() {
	}

	/**
	 * Starts it and waits until it is healthy.
	 * @param session the stack; the process is recorded in its state file and stopped when the session closes
	 * @param out where progress is reported
	 * @return its base URL
	 * @throws io.minitickets.localstack.stack.StackException when it cannot be started or is not healthy in time
	 */
	public static URI start(StackSession session, PrintStream out) {
		out.println("Starting a second api-service with INVENTORY_GATE_ENABLED=false...");
		session.stopOnClose(NAME);
		StateStore store = session.store();
		StackState stack = store.load().orElse(session.state());
		ServiceLauncher services = new ServiceLauncher(new ProcessLauncher(StateDirectoryOption.checkout()),
				StateDirectoryOption.checkout(), store.directory().resolve("logs"));
		ManagedProcess gateOff = services.start(Service.API_SERVICE, NAME, stack, false);
		store.save(stack.withProcess(gateOff));
		Readiness.awaitHealthy(gateOff, ServiceLauncher.READY_TIMEOUT);
		return URI.create(String.valueOf(gateOff.url()));
	}

	/**
	 * Stops it now, when it runs, rather than when the session closes.
	 * @param session the stack it was started on
	 * @param out where progress is reported
	 */
	public static void stop(StackSession session, PrintStream out) {
		StateStore store = session.store();
		store.load().ifPresent((stack) -> new StackStopper(store, out).stopProcess(stack, NAME));
	}

}
