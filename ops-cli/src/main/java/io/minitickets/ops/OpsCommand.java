package io.minitickets.ops;

import java.io.PrintWriter;
import java.util.UUID;

import io.minitickets.core.text.TerminalText;
import io.minitickets.ops.booking.BookingsCommand;
import io.minitickets.ops.event.EventsCommand;
import io.minitickets.ops.hold.HoldsCommand;
import io.minitickets.ops.queue.QueueCommand;
import io.minitickets.ops.reconcile.ReconcileCommand;
import io.minitickets.ops.replay.ReplayCommand;
import io.minitickets.ops.status.StatusCommand;
import io.minitickets.ops.system.BadUsageException;
import io.minitickets.ops.system.BookingIds;
import io.minitickets.ops.system.ExitCodes;
import io.minitickets.ops.system.OpsSettings;
import io.minitickets.ops.system.UnreachableException;
import io.minitickets.ops.system.WholeNumbers;
import io.minitickets.ops.token.TokensCommand;
import io.minitickets.ops.user.UsersCommand;
import io.minitickets.ops.waitlist.WaitlistCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code ops}: the operators' command line ({@code ./minitickets ops …} on the local stack). It reaches Postgres,
 * Kafka and Valkey through the services' own settings ({@link OpsSettings}).
 * <p>
 * Exit codes: 0 done; 1 a check failed (the message or report says which); 2 bad usage, and then nothing was
 * published or changed.
 */
@Command(name = "ops", mixinStandardHelpOptions = true,
		subcommands = { ReplayCommand.class, ReconcileCommand.class, StatusCommand.class, EventsCommand.class,
				UsersCommand.class, TokensCommand.class, HoldsCommand.class, WaitlistCommand.class,
				BookingsCommand.class, QueueCommand.class },
		description = { "Operates a MiniTickets deployment: replays and redrives bookings.requested, reconciles the "
				+ "inventory gate now, shows a sale's status, manages events, bulk users and tokens for load tests, "
				+ "lists holds and waiting lists, expires a hold or refunds a booking by hand (through the worker), "
				+ "shows and steers an event's waiting room (rate, pause, resume).",
				"Settings are the services' own: SPRING_DATASOURCE_URL, SPRING_DATASOURCE_USERNAME, "
						+ "SPRING_DATASOURCE_PASSWORD, SPRING_KAFKA_BOOTSTRAP_SERVERS, MINITICKETS_VALKEY_URL, "
						+ "MINITICKETS_VALKEY_KEY_PREFIX, MINITICKETS_JWT_SECRET (or -Dspring.datasource.url=…).",
				"Exit codes: 0 done, 1 a check failed, 2 bad usage (nothing published or changed)." })
public final class OpsCommand implements Runnable {

	private final OpsSettings settings;

	@Spec
	private CommandSpec spec;

	/**
	 * @param settings where Postgres, Kafka and Valkey are
	 */
	public OpsCommand(OpsSettings settings) {
		this.settings = settings;
	}

	/**
	 * @return where Postgres, Kafka and Valkey are
	 */
	public OpsSettings settings() {
		return this.settings;
	}

	@Override
	public void run() {
		this.spec.commandLine().usage(this.spec.commandLine().getOut());
	}

	/**
	 * The command line with the ops exit codes: a {@link BadUsageException} prints its message and exits 2, an
	 * {@link UnreachableException} its message and exits 1, any other failure prints itself and exits 1. A UUID is read
	 * as a booking id ({@link BookingIds}), a whole number in decimal, said in words when it is not one
	 * ({@link WholeNumbers}).
	 * @param settings where Postgres, Kafka and Valkey are
	 * @return the command line, ready to {@code execute}
	 */
	public static CommandLine commandLine(OpsSettings settings) {
		CommandLine commandLine = new CommandLine(new OpsCommand(settings));
		// every UUID an operator gives is a booking id
		commandLine.registerConverter(UUID.class, new BookingIds());
		WholeNumbers.register(commandLine);
		commandLine.setExecutionExceptionHandler((ex, command, parsed) -> {
			if (ex instanceof BadUsageException) {
				command.getErr().println("ops: " + TerminalText.escape(ex.getMessage()));
				return ExitCodes.BAD_USAGE;
			}
			if (ex instanceof UnreachableException) {
				command.getErr().println("ops: " + TerminalText.escape(ex.getMessage()));
				return ExitCodes.CHECK_FAILED;
			}
			command.getErr().println("ops: " + TerminalText.escape(ex.toString()));
			if (ex.getCause() != null) {
				command.getErr().println("  caused by: " + TerminalText.escape(ex.getCause().toString()));
			}
			return ExitCodes.CHECK_FAILED;
		});
		return commandLine;
	}

	/**
	 * Runs a command and exits with its code, flushing its output first. The writers are set on the top command, so
	 * that every subcommand shares them (picocli would otherwise give each its own, which this flush would miss), and
	 * flushed since they autoflush only on {@code println} and {@code printf}: a line written with {@code print} was
	 * lost at the exit ({@code events create}'s report).
	 * @param args a subcommand and its options
	 */
	public static void main(String[] args) {
		CommandLine commandLine = commandLine(OpsSettings.fromEnvironment());
		commandLine.setOut(new PrintWriter(System.out, true));
		commandLine.setErr(new PrintWriter(System.err, true));
		int exit = commandLine.execute(args);
		commandLine.getOut().flush();
		commandLine.getErr().flush();
		System.exit(exit);
	}

}
