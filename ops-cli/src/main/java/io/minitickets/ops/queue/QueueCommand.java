package io.minitickets.ops.queue;

import io.minitickets.ops.system.CommandGroup;
import picocli.CommandLine.Command;

/**
 * {@code ops queue}: an event's waiting room: status, rate, pause and resume.
 */
@Command(name = "queue", mixinStandardHelpOptions = true,
		subcommands = { QueueStatusCommand.class, QueueRateCommand.class, PauseQueueCommand.class,
				ResumeQueueCommand.class },
		description = "Shows an event's waiting room (waiting, admitted, admitted/s, dropped, paused, rate), sets its "
				+ "fixed admission rate, pauses and resumes its admission (writes preview by default; --execute acts, "
				+ "audited in ops_audit).")
public final class QueueCommand extends CommandGroup {

}
