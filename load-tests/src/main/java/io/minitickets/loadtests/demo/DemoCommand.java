package io.minitickets.loadtests.demo;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import io.minitickets.loadtests.client.StackSession;
import io.minitickets.localstack.stack.ManagedProcess;
import io.minitickets.localstack.stack.ProcessLauncher;
import io.minitickets.localstack.stack.Readiness;
import io.minitickets.localstack.stack.Service;
import io.minitickets.localstack.stack.ServiceLauncher;
import io.minitickets.localstack.stack.StackState;
import io.minitickets.localstack.stack.StateDirectoryOption;
import io.minitickets.localstack.stack.StateStore;

/**
 * {@code minitickets demo}: the sale-day scenario twice, with the inventory gate on (the stack's api-service) and off
 * (a second api-service started with {@code INVENTORY_GATE_ENABLED=false} on the same Kafka, Postgres and Valkey),
 * each on a fresh event and fresh users, reported side by side. Starts the stack when it is not up, and stops it at
 * the end when it started it.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
		description = "Run the sale-day scenario with the inventory gate on and off, side by side. "
				+ "Exit code 1 when anything was oversold or an accepted booking never settled.")
public final class DemoCommand implements Callable<Integer> {

	/** The name of the second api-service, the one without the inventory gate. */
	static final String GATE_OFF_API = "api-service-gate-off";

	@Mixin
	private StateDirectoryOption state = new StateDirectoryOption();

	@Option(names = "--seats", defaultValue = "16",
			description = "Seats of each run's event (default ${DEFAULT-VALUE}).")
	private int seats;

	@Option(names = "--users", defaultValue = "32",
			description = "Users booking in each run (default ${DEFAULT-VALUE}).")
	private int users;

	@Option(names = "--requests", defaultValue = "128",
			description = "Concurrent 1-seat booking requests per run (default ${DEFAULT-VALUE}).")
	private int requests;

	@Option(names = "--gate-on-only",
			description = "Only the run with the gate, on the stack's api-service (no second api-service is started).")
	private boolean gateOnOnly;

	@Option(names = "--json", paramLabel = "FILE", description = "Also write the report to FILE as JSON.")
	private @Nullable Path json;

	@Spec
	private CommandSpec spec;

	@Override
	public Integer call() {
		if (this.seats < 1 || this.users < 1 || this.requests < 1) {
			throw new ParameterException(this.spec.commandLine(), "--seats, --users and --requests must be at least 1");
		}
		Scenario scenario = new Scenario(this.seats, this.users, this.requests);
		List<RunOutcome> outcomes = new ArrayList<>();
		try (StackSession session = StackSession.open(this.state.resolve(), "demo", System.out)) {
			session.stopOnClose(GATE_OFF_API);
			SaleDayRun run = new SaleDayRun(scenario, session.state(), System.out);
			outcomes.add(run.run(true, session.healthyApi()));
			if (this.gateOnOnly) {
				return report(scenario, outcomes);
			}
			ManagedProcess gateOff = startGateOffApi(session.store(), session.state());
			outcomes.add(run.run(false, URI.create(String.valueOf(gateOff.url()))));
		}
		return report(scenario, outcomes);
	}

	private ManagedProcess startGateOffApi(StateStore store, StackState stack) {
		System.out.println("Starting a second api-service with INVENTORY_GATE_ENABLED=false...");
		ServiceLauncher services = new ServiceLauncher(new ProcessLauncher(StateDirectoryOption.checkout()),
				StateDirectoryOption.checkout(), store.directory().resolve("logs"));
		ManagedProcess gateOff = services.start(Service.API_SERVICE, GATE_OFF_API, stack, false);
		store.save(stack.withProcess(gateOff));
		Readiness.awaitHealthy(gateOff, ServiceLauncher.READY_TIMEOUT);
		return gateOff;
	}

	private int report(Scenario scenario, List<RunOutcome> outcomes) {
		List<RunReport> runs = outcomes.stream().map(RunOutcome::report).toList();
		System.out.printf("%nSale day: %d seats, %d users, %d concurrent 1-seat booking requests per run%n%n",
				scenario.seats(), scenario.users(), scenario.requests());
		System.out.println(DemoTable.render(runs));
		if (this.json != null) {
			new DemoReport(scenario, runs).write(this.json);
			System.out.println("\nWrote " + this.json);
		}
		outcomes.forEach((outcome) -> outcome.notes().forEach((note) -> System.out.println("note: " + note)));
		List<String> failures = outcomes.stream().flatMap((outcome) -> outcome.failures().stream()).toList();
		failures.forEach((failure) -> System.out.println("FAILED: " + failure));
		return failures.isEmpty() ? 0 : 1;
	}

}
