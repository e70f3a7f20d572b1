package io.minitickets.ops.event;

import io.minitickets.ops.OpsCommand;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code ops events}: creates, lists, opens and closes events, in Postgres directly (as the admin API does, without
 * needing an admin login), loading the gate's counter for a new event.
 */
@Command(name = "events", mixinStandardHelpOptions = true,
		subcommands = { CreateEventCommand.class, ListEventsCommand.class, OpenEventCommand.class,
				CloseEventCommand.class },
		description = "Creates, lists, opens and closes events.")
public final class EventsCommand implements Runnable {

	@ParentCommand
	private OpsCommand ops;

	@Spec
	private CommandSpec spec;

	/** @return the ops command, for its settings */
	OpsCommand ops() {
		return this.ops;
	}

	@Override
	public void run() {
		this.spec.commandLine().usage(this.spec.commandLine().getOut());
	}

}
