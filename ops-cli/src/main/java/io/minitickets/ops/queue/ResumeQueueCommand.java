package io.minitickets.ops.queue;

import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code ops queue resume EVENT}: resumes a waiting room's admission ({@link AdmissionSwitch}). A dry run by default.
 */
@Command(name = "resume", mixinStandardHelpOptions = true, sortOptions = false,
		description = { "Resumes an event's waiting-room admission (a flag every admission call reads: at once). "
				+ "Previews by default; acts with --execute (also spelled --apply), audited in ops_audit.",
				"Exit codes: 0 done, previewed or nothing to do, 1 Postgres or Valkey failed (nothing changed), "
						+ "2 no such event or it has no waiting room (nothing changed)." })
final class ResumeQueueCommand implements Callable<Integer> {

	@ParentCommand
	private QueueCommand queue;

	@Spec
	private CommandSpec spec;

	@Parameters(index = "0", paramLabel = "EVENT", description = "The event.")
	private long eventId;

	@Option(names = { "--execute", "--apply" }, description = "Resume it and record it in ops_audit.")
	private boolean execute;

	@Override
	public Integer call() throws Exception {
		return AdmissionSwitch.run(this.queue.ops().settings(), this.spec.commandLine().getOut(), this.eventId,
				false, this.execute);
	}

}
