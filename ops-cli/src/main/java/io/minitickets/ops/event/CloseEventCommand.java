package io.minitickets.ops.event;

import java.sql.Connection;
import java.util.concurrent.Callable;

import io.minitickets.core.schema.ClosedSale;
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
 * {@code ops events close ID}: stops an event's sale. Bookings already accepted still settle. A preview by default;
 * {@code --execute} closes it and audits it ({@link Events#moveSale}).
 */
@Command(name = "close", mixinStandardHelpOptions = true,
		description = { "Closes an event's sale: the API refuses new bookings for it (within its event cache TTL, "
				+ "2 s by default); bookings already accepted still settle. `events open` reopens it. Previews by "
				+ "default; acts with --execute, audited in ops_audit.",
				"The schema has no closed state: the sale's opening moves to " + ClosedSale.OPENS_AT_TEXT
						+ ", the latest the admin API accepts.",
				"Exit codes: 0 done (or previewed, or closed already), 1 Postgres failed, 2 no such event (nothing "
						+ "changed)." })
final class CloseEventCommand implements Callable<Integer> {

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
			return Events.moveSale(connection, this.spec.commandLine().getOut(), this.eventId, true,
					this.execute.execute());
		}
	}

}
