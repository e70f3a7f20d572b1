package io.minitickets.ops.event;

import java.sql.Connection;
import java.time.Instant;
import java.util.concurrent.Callable;

import io.minitickets.ops.system.ExitCodes;
import io.minitickets.ops.system.Postgres;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code ops events open ID}: opens an event's sale now.
 */
@Command(name = "open", mixinStandardHelpOptions = true,
		description = "Opens an event's sale now (the API sees it within its event cache TTL, 2 s by default).")
final class OpenEventCommand implements Callable<Integer> {

	@ParentCommand
	private EventsCommand events;

	@Spec
	private CommandSpec spec;

	@Parameters(index = "0", paramLabel = "ID", description = "The event.")
	private long eventId;

	@Override
	public Integer call() throws Exception {
		Instant now = Instant.now();
		try (Connection connection = new Postgres(this.events.ops().settings()).connect()) {
			Events.setSaleOpensAt(connection, this.eventId, now);
		}
		this.spec.commandLine().getOut().printf("event %d: sale open since %s%n", this.eventId, now);
		return ExitCodes.DONE;
	}

}
