package io.minitickets.localstack.stack;

import java.util.Optional;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code minitickets up}: starts Kafka, Postgres, Valkey and the three services in a {@link Topology}, and prints
 * where they are. On a recorded single-node stack it starts again, where they were and on their data, the processes
 * that no longer run.
 */
@Command(name = "up", mixinStandardHelpOptions = true,
		description = { "Start Kafka, Postgres, Valkey, api-service, booking-worker and reconciler.",
				"On a stack that is partly down, restart what is not running (same ports, settings and data)." })
public final class UpCommand implements Callable<Integer> {

	@Mixin
	private StateDirectoryOption state = new StateDirectoryOption();

	@Option(names = "--infra-only", description = "Start Kafka, Postgres and Valkey only (run the services yourself).")
	private boolean infrastructureOnly;

	@Option(names = "--topology", paramLabel = "single|cluster", defaultValue = "single",
			description = { "single (default): one Kafka broker, the machine's Valkey, one instance of each service.",
					"cluster: 3 Kafka brokers (replication factor 3, min.insync.replicas=2), a Valkey Cluster of 3 "
							+ "primaries, two instances of each service." })
	private String topology;

	@Override
	public Integer call() {
		StateStore store = new StateStore(this.state.resolve());
		Optional<StackState> recorded = store.load().filter((stack) -> !stack.processes().isEmpty());
		Topology chosen = Topology.of(this.topology);
		if (recorded.isPresent()) {
			return restartWhatEnded(store, recorded.get());
		}
		long started = System.nanoTime();
		StackState stack = new StackStarter(store, StateDirectoryOption.checkout(), System.out)
			.start(this.infrastructureOnly, chosen);
		System.out.printf("%nMiniTickets stack %s is up in %.1f s (state: %s)%n", stack.stackId(),
				(System.nanoTime() - started) / 1e9, store.file());
		System.out.println(StackSummary.render(stack, store.directory()));
		System.out.println("Stop it with: ./minitickets down");
		return 0;
	}

	private static int restartWhatEnded(StateStore store, StackState recorded) {
		if (Topology.recordedIn(recorded) == Topology.CLUSTER) {
			if (recorded.processes().stream().allMatch(ManagedProcess::running)) {
				System.out.println("Stack " + recorded.stackId() + " is already up (state: " + store.file() + ")");
				System.out.println(StackSummary.render(recorded, store.directory()));
				return 0;
			}
			throw new StackException("Stack " + recorded.stackId() + " (cluster topology) is partly down; up restarts "
					+ "the parts of a single-node stack only. Stop it with ./minitickets down, then start it again.");
		}
		RestartPlan plan = RestartPlan.of(recorded, ManagedProcess::running);
		StackState stack = recorded;
		for (String name : plan.forgotten()) {
			stack = stack.withoutProcess(name);
			System.out.println("Dropped " + name + " from the state file: it ended, and up does not start it");
		}
		if (!plan.forgotten().isEmpty()) {
			store.save(stack);
		}
		if (plan.restartsNothing()) {
			System.out.println("Stack " + stack.stackId() + " is already up (state: " + store.file() + ")");
			System.out.println(StackSummary.render(stack, store.directory()));
			return 0;
		}
		System.out.println("Stack " + stack.stackId() + " is partly down; restarting what is not running: "
				+ String.join(", ", plan.restarted()));
		long started = System.nanoTime();
		StackState restarted = new StackRestarter(store, stack, StateDirectoryOption.checkout(), System.out)
			.restart(plan);
		System.out.printf("%nRestarted %s of stack %s in %.1f s (state: %s)%n", String.join(", ", plan.restarted()),
				restarted.stackId(), (System.nanoTime() - started) / 1e9, store.file());
		System.out.println(StackSummary.render(restarted, store.directory()));
		System.out.println("Stop it with: ./minitickets down");
		return 0;
	}

}
