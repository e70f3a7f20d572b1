package io.minitickets.localstack;

import io.minitickets.localstack.ops.KafkaToolCommand;
import io.minitickets.localstack.ops.OpsLauncherCommand;
import io.minitickets.localstack.stack.DownCommand;
import io.minitickets.localstack.stack.StackException;
import io.minitickets.localstack.stack.StatusCommand;
import io.minitickets.localstack.stack.UpCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code minitickets}: runs MiniTickets on one machine without Docker ({@code up}, {@code down}, {@code status}) and
 * the operators' tools against the stack ({@code ops}: ops-cli; {@code kafka}: Kafka's own tools). The commands that
 * drive traffic against a stack ({@code demo}, {@code chaos}, {@code bench}, {@code load}) are load-tests' and added
 * to this root by its {@code MiniTickets} main class, which {@code ./minitickets} runs.
 * <p>
 * Exit codes: 0 success; 1 a check failed (an oversell, an unsettled booking, a broken invariant, or {@code status}
 * found something not running); 2 the command could not do its work (the message says why).
 */
@Command(name = "minitickets", mixinStandardHelpOptions = true,
		subcommands = { UpCommand.class, DownCommand.class, StatusCommand.class, OpsLauncherCommand.class,
				KafkaToolCommand.class },
		description = "Runs the MiniTickets booking pipeline on one machine, and its sale-day demo and load tests.")
public final class MiniTicketsCommand implements Runnable {

	/** The exit code of a command that could not do its work. */
	static final int FAILED = 2;

	@Spec
	private CommandSpec spec;

	@Override
	public void run() {
		this.spec.commandLine().usage(System.out);
	}

	/**
	 * The root command with the stack's subcommands, the given ones after them, and the error handling every
	 * subcommand shares: a failure prints {@code minitickets: <message>} (a stack trace too unless it is a
	 * {@link StackException}) and exits 2.
	 * @param subcommands more picocli subcommands (instances of {@code @Command} classes), in help order
	 * @return the command line, ready to {@code execute}
	 */
	public static CommandLine commandLine(Object... subcommands) {
		CommandLine commandLine = new CommandLine(new MiniTicketsCommand());
		for (Object subcommand : subcommands) {
			commandLine.addSubcommand(subcommand);
		}
		commandLine.setExecutionExceptionHandler((ex, command, parsed) -> {
			command.getErr().println("minitickets: " + ex.getMessage());
			if (!(ex instanceof StackException)) {
				ex.printStackTrace(command.getErr());
			}
			return FAILED;
		});
		return commandLine;
	}

	/**
	 * Runs only the stack's commands ({@code up}, {@code down}, {@code status}).
	 * @param args a subcommand and its options
	 */
	public static void main(String[] args) {
		System.exit(commandLine().execute(args));
	}

}
