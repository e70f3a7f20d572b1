package io.minitickets.ops.queue;

import java.sql.SQLException;

import io.minitickets.ops.system.CommandGroup;
import io.minitickets.ops.system.ExecuteOption;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/**
 * {@code ops queue}: an event's waiting room: status, rate, pause and resume.
 */
@Command(name = "queue", mixinStandardHelpOptions = true,
		subcommands = { QueueStatusCommand.class, QueueRateCommand.class },
		description = "Shows an event's waiting room (waiting, admitted, admitted/s, dropped, paused, rate), sets its "
				+ "fixed admission rate, pauses and resumes its admission (writes preview by default; --execute acts, "
				+ "audited in ops_audit).")
public final class QueueCommand extends CommandGroup {

	private static final String SWITCH_EXIT_CODES = "Exit codes: 0 done, previewed or nothing to do, 1 Postgres or "
			+ "Valkey failed (nothing changed), 2 no such event or it has no waiting room (nothing changed).";

	/**
	 * {@code ops queue pause EVENT}: pauses a waiting room's admission ({@link AdmissionSwitch}). A dry run by default.
	 * @param eventId the event
	 * @param execute pause it and audit it, rather than preview
	 * @return the exit code ({@link io.minitickets.ops.system.ExitCodes})
	 * @throws SQLException when Postgres fails (nothing changed)
	 */
	@Command(name = "pause", mixinStandardHelpOptions = true, sortOptions = false,
			description = { "Pauses an event's waiting-room admission (a flag every admission call reads: at once). "
					+ "Previews by default; acts with --execute, audited in ops_audit.",
					SWITCH_EXIT_CODES })
	int pause(@Parameters(paramLabel = "EVENT", description = "The event.") long eventId,
			@Mixin ExecuteOption execute) throws SQLException {
		return AdmissionSwitch.run(ops().settings(), out(), eventId, true, execute.execute());
	}

	/**
	 * {@code ops queue resume EVENT}: resumes a waiting room's admission ({@link AdmissionSwitch}). A dry run by
	 * default.
	 * @param eventId the event
	 * @param execute resume it and audit it, rather than preview
	 * @return the exit code ({@link io.minitickets.ops.system.ExitCodes})
	 * @throws SQLException when Postgres fails (nothing changed)
	 */
	@Command(name = "resume", mixinStandardHelpOptions = true, sortOptions = false,
			description = { "Resumes an event's waiting-room admission (a flag every admission call reads: at once). "
					+ "Previews by default; acts with --execute, audited in ops_audit.",
					SWITCH_EXIT_CODES })
	int resume(@Parameters(paramLabel = "EVENT", description = "The event.") long eventId,
			@Mixin ExecuteOption execute) throws SQLException {
		return AdmissionSwitch.run(ops().settings(), out(), eventId, false, execute.execute());
	}

}
