package io.minitickets.ops.queue;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.concurrent.Callable;

import io.minitickets.ops.system.BadUsageException;
import io.minitickets.ops.system.ExecuteOption;
import io.minitickets.ops.system.ExitCodes;
import io.minitickets.ops.system.OpsAudit;
import io.minitickets.ops.system.Postgres;
import io.minitickets.ops.system.Transactions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code ops queue rate EVENT N}: sets a waiting room's fixed admission rate (N a second, 1 to 100,000, as the admin
 * API accepts), in Postgres with an {@code ops_audit} row in the same transaction. A dry run by default. The admitting
 * api-service reads it within {@code minitickets.waiting-room.rooms-every} (2 s); the admission script keeps it by
 * Valkey's clock.
 */
@Command(name = "rate", mixinStandardHelpOptions = true, sortOptions = false,
		description = { "Sets an event's fixed admission rate (admissions a second). Previews by default; acts with "
				+ "--execute, audited in ops_audit. The admitting api-service applies it "
				+ "within 2 s.",
				"Exit codes: 0 done (or previewed), 1 Postgres failed, 2 bad usage: no such event, no waiting room, "
						+ "a rate outside 1 to 100000 (nothing changed)." })
final class QueueRateCommand implements Callable<Integer> {

	static final int MOST = 100_000;

	@ParentCommand
	private QueueCommand queue;

	@Spec
	private CommandSpec spec;

	@Parameters(index = "0", paramLabel = "EVENT", description = "The event.")
	private long eventId;

	@Parameters(index = "1", paramLabel = "N", description = "Admissions a second, 1 to 100000.")
	private int perSecond;

	@Mixin
	private ExecuteOption execute = new ExecuteOption();

	@Override
	public Integer call() throws Exception {
		if (this.perSecond < 1 || this.perSecond > MOST) {
			throw new BadUsageException("the rate must be 1 to 100000 admissions a second, not " + this.perSecond
					+ "; nothing changed");
		}
		PrintWriter out = this.spec.commandLine().getOut();
		try (Connection connection = new Postgres(this.queue.ops().settings()).connect()) {
			Room room = Room.require(connection, this.eventId, true);
			String was = room.rate();
			if (!this.execute.execute()) {
				out.printf("would set the admission rate of event %d from %s to %d/s. Nothing changed: run again with "
						+ "--execute to do it.%n", this.eventId, (room.perSecond() != null) ? room.perSecond() + "/s"
								: was, this.perSecond);
				return ExitCodes.DONE;
			}
			long auditId = set(connection, room);
			out.printf("event %d: admission rate %d/s (was %s; audit row %d); the admitting api-service applies it "
					+ "within 2 s%n", this.eventId, this.perSecond, was, auditId);
			return ExitCodes.DONE;
		}
	}

	private long set(Connection connection, Room room) throws SQLException {
		return Transactions.inTransaction(connection, (tx) -> {
			try (PreparedStatement update = tx.prepareStatement("""
					update events set admission_mode = 'fixed', admission_per_second = ? where id = ?""")) {
				update.setInt(1, this.perSecond);
				update.setLong(2, this.eventId);
				update.executeUpdate();
			}
			return OpsAudit.append(tx, new OpsAudit.Entry(OpsAudit.who(), "queue rate", "events",
					"event " + this.eventId, "admission rate " + ((room.perSecond() != null)
							? room.perSecond() + "/s" : room.rate()) + " -> " + this.perSecond + "/s",
					1, 1, 0, 0, 0));
		});
	}

}
