package io.minitickets.localstack;

import io.minitickets.localstack.bench.BenchCommand;
import io.minitickets.localstack.chaos.ChaosCommand;
import io.minitickets.localstack.demo.DemoCommand;
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
 * its sale-day demo ({@code demo}), fault-injection run ({@code chaos}) and Valkey script benchmark ({@code bench});
 * runs the operators' tools against the stack ({@code ops}: ops-cli; {@code kafka}: Kafka's own tools).
 * <p>
 * Exit codes: 0 success; 1 the demo found an oversell or an unsettled booking, the chaos run a broken invariant, or
 * {@code status} found something not running; 2 the command could not do its work (the message says why).
 */
@Command(name = "minitickets", mixinStandardHelpOptions = true,
		subcommands = { UpCommand.class, DownCommand.class, StatusCommand.class, DemoCommand.class,
				ChaosCommand.class, BenchCommand.class, OpsLauncherCommand.class, KafkaToolCommand.class },
		description = "Runs the MiniTickets booking pipeline on one machine, and its sale-day demo.")
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
	 * @param args a subcommand and its options
	 */
	public static void main(String[] args) {
		CommandLine commandLine = new CommandLine(new MiniTicketsCommand());
		commandLine.setExecutionExceptionHandler((ex, command, parsed) -> {
			command.getErr().println("minitickets: " + ex.getMessage());
			if (!(ex instanceof StackException)) {
				ex.printStackTrace(command.getErr());
			}
			return FAILED;
		});
		System.exit(commandLine.execute(args));
	}

}
