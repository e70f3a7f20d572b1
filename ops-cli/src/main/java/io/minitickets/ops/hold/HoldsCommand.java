package io.minitickets.ops.hold;

import io.minitickets.ops.system.CommandGroup;
import picocli.CommandLine.Command;

/**
 * {@code ops holds}: an event's open holds, and expiring one by hand.
 */
@Command(name = "holds", mixinStandardHelpOptions = true,
		subcommands = { ListHoldsCommand.class, ExpireHoldCommand.class },
		description = "Lists an event's open holds (HELD bookings) and expires one by hand.")
public final class HoldsCommand extends CommandGroup {

}
