package io.minitickets.localstack.stack;

import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code minitickets up}: starts Kafka, Postgres, Valkey and the three services, and prints where they are.
 */
@Command(name = "up", mixinStandardHelpOptions = true,
		description = "Start Kafka, Postgres, Valkey, api-service, booking-worker and reconciler.")
public final class UpCommand implements Callable<Integer> {

	@Mixin
	private StateDirectoryOption state = new StateDirectoryOption();

	@Option(names = "--infra-only", description = "Start Kafka, Postgres and Valkey only (run the services yourself).")
	private boolean infrastructureOnly;

	@Override
	public Integer call() {
		StateStore store = new StateStore(this.state.resolve());
		StackState running = store.load().filter(StackState::anyRunning).orElse(null);
		if (running != null) {
			System.out.println("Stack " + running.stackId() + " is already up (state: " + store.file() + ")");
			System.out.println(StackSummary.render(running, store.directory()));
			return 0;
		}
		long started = System.nanoTime();
		StackState stack = new StackStarter(store, StateDirectoryOption.checkout(), System.out)
			.start(this.infrastructureOnly);
		System.out.printf("%nMiniTickets stack %s is up in %.1f s (state: %s)%n", stack.stackId(),
				(System.nanoTime() - started) / 1e9, store.file());
		System.out.println(StackSummary.render(stack, store.directory()));
		System.out.println("Stop it with: ./minitickets down");
		return 0;
	}

}
