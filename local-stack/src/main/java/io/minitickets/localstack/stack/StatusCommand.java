package io.minitickets.localstack.stack;

import java.util.Optional;
import java.util.concurrent.Callable;

import io.minitickets.core.text.TerminalText;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code minitickets status}: which processes of the stack run, and whether the services are healthy. Exit code 0
 * when all do and are, 1 when something is not running or not healthy, 2 when there is no stack to look at.
 */
@Command(name = "status", mixinStandardHelpOptions = true,
		description = "Show what runs and whether it is healthy (exit code 1 when not all is, 2 when no stack is up).")
public final class StatusCommand implements Callable<Integer> {

	/** The exit code when there is no stack: the command could not do its work. */
	static final int NO_STACK = 2;

	@Mixin
	private StateDirectoryOption state = new StateDirectoryOption();

	@Override
	public Integer call() {
		StateStore store = new StateStore(this.state.resolve());
		Optional<StackState> recorded = store.load();
		if (recorded.isEmpty()) {
			System.out.println("No stack is up (no " + store.file() + ")");
			return NO_STACK;
		}
		StackState stack = recorded.get();
		System.out.print(TerminalText.format("Stack %s, started %s (state: %s)%n", stack.stackId(), stack.createdAt(),
				store.file()));
		boolean allWell = true;
		for (ManagedProcess process : stack.processes()) {
			String condition = condition(process);
			allWell &= condition.equals("running") || condition.equals("healthy");
			System.out.print(TerminalText.format("  %-22s pid %-8d %-12s %s%n", process.name(), process.pid(),
					condition, String.valueOf(process.url())));
		}
		System.out.println(StackSummary.render(stack, store.directory()));
		return allWell ? 0 : 1;
	}

	private static String condition(ManagedProcess process) {
		if (!process.running()) {
			return "not running";
		}
		String healthUrl = process.healthUrl();
		if (healthUrl == null) {
			return "running";
		}
		return Readiness.healthy(healthUrl) ? "healthy" : "unhealthy";
	}

}
