package io.minitickets.loadtests.chaos;

import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Locale;
import java.util.concurrent.Callable;

import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import io.minitickets.localstack.chaos.ClusterFaultInjector;
import io.minitickets.localstack.chaos.FaultKind;
import io.minitickets.localstack.stack.StateDirectoryOption;
import io.minitickets.localstack.stack.Topology;

/**
 * {@code minitickets chaos}: the fault-injection run (see {@link ChaosRun}), its table printed, and optionally
 * written as JSON.
 */
@Command(name = "chaos", mixinStandardHelpOptions = true,
		description = "Start a stack of its own, run a sale load, inject each fault (worker kill, worker failpoint, "
				+ "Valkey restart, gate Valkey down, Kafka restart, Postgres restart, Postgres kill, api-service kill, "
				+ "poison record) at seeded-random moments, and check every invariant. Exit code 1 on any violation.")
public final class ChaosCommand implements Callable<Integer> {

	@Mixin
	private StateDirectoryOption state = new StateDirectoryOption();

	@Option(names = "--rounds", defaultValue = "3", description = "Times each fault is injected (default ${DEFAULT-VALUE}).")
	private int rounds;

	@Option(names = "--seed", description = "Seed of the fault moments and load choices (default: random, printed).")
	private @Nullable Long seed;

	@Option(names = "--faults", defaultValue = "all",
			description = "Comma-separated faults to inject, in run order (default ${DEFAULT-VALUE}).")
	private String faults = "all";

	@Option(names = "--rate", paramLabel = "R", defaultValue = "0",
			description = "Booking requests per second of an open-model load (many users, each with its own token, "
					+ "honouring Retry-After) instead of the gentle one of 8 clients with 50–150 ms pauses "
					+ "(default ${DEFAULT-VALUE}: the gentle load).")
	private double rate;

	@Option(names = "--connections", defaultValue = "512",
			description = "HTTP connections of the open-model load: the most requests in flight at once "
					+ "(default ${DEFAULT-VALUE}).")
	private int connections;

	@Option(names = "--json", paramLabel = "FILE", description = "Also write the report to FILE as JSON.")
	private @Nullable Path json;

	@Option(names = "--topology", paramLabel = "single|cluster", defaultValue = "single",
			description = { "single (default): the faults above on a one-of-everything stack.",
					"cluster: on an up --topology cluster stack, kill one Kafka node (kafka-restart), one Valkey "
							+ "primary (valkey-restart), one of the two workers (worker-kill) and one of the two "
							+ "api-services (api-kill), each mid-sale with the load on both api-services." })
	private String topology = "single";

	@Spec
	private CommandSpec spec;

	@Override
	public Integer call() {
		if (this.rounds < 1) {
			throw new ParameterException(this.spec.commandLine(), "--rounds must be at least 1");
		}
		if (!(this.rate >= 0) || Double.isInfinite(this.rate)) {
			throw new ParameterException(this.spec.commandLine(),
					"--rate must be a number of requests per second, 0 or above, not " + this.rate);
		}
		if (this.connections < 1) {
			throw new ParameterException(this.spec.commandLine(),
					"--connections must be at least 1, not " + this.connections);
		}
		ChaosOptions options;
		boolean cluster;
		try {
			cluster = Topology.of(this.topology) == Topology.CLUSTER;
			options = new ChaosOptions(this.rounds, (this.seed != null) ? this.seed : new SecureRandom().nextLong(),
					cluster ? ClusterFaultInjector.parse(this.faults) : FaultKind.parse(this.faults),
					this.state.resolve(), StateDirectoryOption.checkout(), this.rate, this.connections);
		}
		catch (IllegalArgumentException ex) {
			throw new ParameterException(this.spec.commandLine(), ex.getMessage());
		}
		if (cluster) {
			if (options.open()) {
				throw new ParameterException(this.spec.commandLine(),
						"--rate applies to the single topology only; the cluster topology's run drives its own load");
			}
			return cluster(options);
		}
		ChaosReport report = new ChaosRun(options, System.out).run();
		System.out.printf("%nFault-injection run, seed %d (replay: ./minitickets chaos --rounds %d --seed %d%s)%n%n",
				report.seed(), report.rounds(), report.seed(),
				(this.rate > 0) ? String.format(Locale.ROOT, " --rate %.0f --connections %d", this.rate, this.connections)
						: "");
		return print(report);
	}

	private int cluster(ChaosOptions options) {
		ClusterChaosReport report = new ClusterChaosRun(options, System.out).run();
		System.out.printf("%nFault-injection run on the cluster topology, seed %d (replay: ./minitickets chaos "
				+ "--topology cluster --rounds %d --seed %d)%n%n", report.seed(), report.rounds(), report.seed());
		return print(report);
	}

	private int print(ChaosOutcome report) {
		System.out.print(report.table());
		if (this.json != null) {
			report.write(this.json);
			System.out.println("Wrote " + this.json);
		}
		report.notes().forEach((note) -> System.out.println("note: " + note));
		report.violations().forEach((violation) -> System.out.println("VIOLATION: " + violation));
		System.out.println(report.green() ? "All invariants held." : "Invariants broken: see above.");
		return report.green() ? 0 : 1;
	}

}
