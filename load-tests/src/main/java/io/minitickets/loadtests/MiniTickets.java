package io.minitickets.loadtests;

import io.minitickets.localstack.MiniTicketsCommand;
import io.minitickets.loadtests.bench.BenchCommand;
import io.minitickets.loadtests.chaos.ChaosCommand;
import io.minitickets.loadtests.demo.DemoCommand;
import io.minitickets.loadtests.load.LoadCommand;

/**
 * The main class of {@code ./minitickets}: local-stack's root command ({@code up}, {@code down}, {@code status})
 * with this module's commands that drive traffic against a stack added to it.
 */
public final class MiniTickets {

	private MiniTickets() {
	}

	/**
	 * Runs one command and exits with its code (0 done, 1 a check failed, 2 the command could not do its work).
	 * @param args a subcommand and its options
	 */
	public static void main(String[] args) {
		System.exit(MiniTicketsCommand.commandLine(new DemoCommand(), new ChaosCommand(), new BenchCommand(),
				new LoadCommand())
			.execute(args));
	}

}
