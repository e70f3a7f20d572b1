package io.minitickets.localstack.stack;

import java.util.Optional;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code minitickets down}: stops what {@code up} started, by process id, and drops the stack's database.
 */
@Command(name = "down", mixinStandardHelpOptions = true,
		description = "Stop what up started (by process id) and drop the stack's database.")
public final class DownCommand implements Callable<Integer> {

	@Mixin
	private StateDirectoryOption state = new StateDirectoryOption();

	@Override
	public Integer call() {
		StateStore store = new StateStore(this.state.resolve());
		Optional<StackState> stack = store.load();
		if (stack.isEmpty()) {
			System.out.println("No stack is up (no " + store.file() + ")");
			return 0;
		}
		boolean stopped = new StackStopper(store, System.out).stop(stack.get());
		System.out.println(stopped ? "Stack " + stack.get().stackId() + " is down" : "Some processes did not stop");
		return stopped ? 0 : 1;
	}

}
