package io.minitickets.ops.event;

import io.minitickets.ops.system.CommandGroup;
import picocli.CommandLine.Command;

/**
 * {@code ops events}: creates, lists, opens and closes events, in Postgres directly (as the admin API does, without
 * needing an admin login), loading the gate's counter for a new event.
 */
@Command(name = "events", mixinStandardHelpOptions = true,
		subcommands = { CreateEventCommand.class, ListEventsCommand.class, OpenEventCommand.class,
				CloseEventCommand.class },
		description = "Creates, lists, opens and closes events.")
public final class EventsCommand extends CommandGroup {

}
