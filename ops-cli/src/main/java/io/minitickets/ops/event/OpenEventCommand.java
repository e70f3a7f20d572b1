package io.minitickets.ops.event;

import java.sql.Connection;
import java.util.concurrent.Callable;

import io.minitickets.ops.system.ExecuteOption;
import io.minitickets.ops.system.Postgres;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code ops events open ID}: opens an event's sale now. A preview by default; {@code --execute} opens it and audits
 * it ({@link Events#moveSale}).
 */
@Command(name = "open", mixinStandardHelpOptions = true,
		description = { "Opens an event's sale now (the API sees it within its event cache TTL, 2 s by default). "
				+ "Previews by default; acts with --execute, audited in ops_audit.",
				"Exit codes: 0 done (or previewed, or open already), 1 Postgres failed, 2 no such event (nothing "
						+ "changed)." })
final class OpenEventCommand implements Callable<Integer> {

	@ParentCommand
	private EventsCommand events;

	@Spec
	private CommandSpec spec;

	@Parameters(index = "0", paramLabel = "ID", description = "The event.")
	private long eventId;

	@Mixin
	private ExecuteOption execute = new ExecuteOption();

	@Override
	public Integer call() throws Exception {
		try (Connection connection = new Postgres(this.events.ops().settings()).connect()) {
			return Events.moveSale(connection, this.spec.commandLine().getOut(), this.eventId, false,
					this.execute.execute());
		}
	}

}
