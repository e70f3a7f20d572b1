package io.minitickets.ops.waitlist;

import io.minitickets.ops.system.CommandGroup;
import picocli.CommandLine.Command;

/**
 * {@code ops waitlist}: an event's waiting list.
 */
@Command(name = "waitlist", mixinStandardHelpOptions = true, subcommands = ListWaitlistCommand.class,
		description = "Lists an event's waiting list in the order of service, with each entry's offer.")
public final class WaitlistCommand extends CommandGroup {

}
