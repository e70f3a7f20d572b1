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
import io.minitickets.localstack.stack.StateDirectoryOption;

/**
 * {@code minitickets demo}: the sale-day scenario twice, with the inventory gate on (the stack's api-service) and off
 * (a second api-service started with {@code INVENTORY_GATE_ENABLED=false} on the same Kafka, Postgres and Valkey),
 * each on a fresh event and fresh users, reported side by side. Each api-service first runs the same sale once more,
 * unreported, so the reported req/s and latencies compare the gate, not the JIT warming up. Beside them, a paid event
 * ({@link PaidEventRun}): one hold that expires unpaid and its seat offered to, and paid by, a waiting customer.
 * Starts the stack when it is not up, and stops it at the end when it started it.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
		description = "Run the sale-day scenario with the inventory gate on and off, side by side. "
				+ "Beside them, a paid event: one hold that expires and one waiting-list offer, paid. "
				+ "Exit code 1 when anything was oversold, an accepted booking never settled, or the paid event's "
				+ "hold did not expire or its offer was not made and paid.")
public final class DemoCommand implements Callable<Integer> {

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
		PaidEventRun.RunOutcomeOfPaidEvent paid;
		try (StackSession session = StackSession.open(this.state.resolve(), "demo", System.out)) {
			SaleDayRun run = new SaleDayRun(scenario, session.state(), System.out);
			outcomes.add(warmedUp(run, true, session.healthyApi()));
			paid = new PaidEventRun(session.state(), System.out).run(session.healthyApi());
			if (this.gateOnOnly) {
				return report(scenario, outcomes, paid);
			}
			outcomes.add(warmedUp(run, false, GateOffApi.start(session, System.out)));
		}
		return report(scenario, outcomes, paid);
	}

	/**
	 * Runs the sale twice on one api-service and keeps the second run: the first, a warm-up, is discarded unless it
	 * broke an invariant, which fails the demo as well.
	 */
	private static RunOutcome warmedUp(SaleDayRun run, boolean gate, URI api) {
		System.out.printf("Warm-up sale (%s, discarded)...%n", gate ? "gate on" : "gate off");
		RunOutcome warmUp = run.run(gate, api);
		RunOutcome measured = run.run(gate, api);
		List<String> failures = new ArrayList<>(measured.failures());
		warmUp.failures().forEach((failure) -> failures.add("warm-up sale, " + failure));
		return new RunOutcome(measured.report(), failures, measured.notes());
	}

	private int report(Scenario scenario, List<RunOutcome> outcomes, PaidEventRun.RunOutcomeOfPaidEvent paid) {
		List<RunReport> runs = outcomes.stream().map(RunOutcome::report).toList();
		System.out.printf("%nSale day: %d seats, %d users, %d concurrent 1-seat booking requests per run%n%n",
				scenario.seats(), scenario.users(), scenario.requests());
		System.out.println(DemoTable.render(runs));
		System.out.println();
		System.out.println(paid.report().table());
		if (this.json != null) {
			new DemoReport(scenario, runs, paid.report()).write(this.json);
			System.out.println("\nWrote " + this.json);
		}
		outcomes.forEach((outcome) -> outcome.notes().forEach((note) -> System.out.println("note: " + note)));
		List<String> failures = new ArrayList<>(
				outcomes.stream().flatMap((outcome) -> outcome.failures().stream()).toList());
		failures.addAll(paid.failures());
		failures.forEach((failure) -> System.out.println("FAILED: " + failure));
		return failures.isEmpty() ? 0 : 1;
	}

}
