package io.minitickets.ops.booking;

import io.minitickets.ops.system.CommandGroup;
import picocli.CommandLine.Command;

/**
 * {@code ops bookings}: acts on one booking through the worker, which decides under the event's row lock.
 */
@Command(name = "bookings", mixinStandardHelpOptions = true, subcommands = RefundBookingCommand.class,
		description = "Acts on one booking: refund (a paid CONFIRMED booking, by hand).")
public final class BookingsCommand extends CommandGroup {

}
