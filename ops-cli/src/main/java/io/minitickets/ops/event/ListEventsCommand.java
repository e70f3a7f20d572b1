package io.minitickets.ops.event;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.concurrent.Callable;

import io.minitickets.core.schema.ClosedSale;
import io.minitickets.core.text.TerminalText;
import io.minitickets.ops.system.BadUsageException;
import io.minitickets.ops.system.ExitCodes;
import io.minitickets.ops.system.Postgres;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code ops events list}: events with their seats and sale state.
 */
@Command(name = "list", mixinStandardHelpOptions = true,
		description = "Lists events, newest first: id, seats taken (held or confirmed) of capacity, price (minor units), "
				+ "currency, hold (s), sale state (open, opens at, closed), waiting room (rate, places from, "
				+ "admission length; '-' for none).")
final class ListEventsCommand implements Callable<Integer> {

	@ParentCommand
	private EventsCommand events;

	@Spec
	private CommandSpec spec;

	@Option(names = "--limit", paramLabel = "N", defaultValue = "50",
			description = "Most events listed (default: ${DEFAULT-VALUE}).")
	private int limit = 50;

	@Override
	public Integer call() throws Exception {
		if (this.limit < 1) {
			throw new BadUsageException("--limit must be 1 or more");
		}
		PrintWriter out = this.spec.commandLine().getOut();
		out.print(TerminalText.format("%-8s %-30s %8s %8s %12s %-4s %6s  %-40s  %s%n", "id", "name", "sold",
				"capacity", "price", "cur", "hold", "sale", "waiting room"));
		Instant now = Instant.now();
		try (Connection connection = new Postgres(this.events.ops().settings()).connect();
				PreparedStatement select = connection.prepareStatement(
						"select id, name, seats_sold, capacity, sale_opens_at, price, currency, hold_seconds,"
								+ " waiting_room_enabled, admission_mode, admission_per_second, waiting_room_opens_at,"
								+ " admitted_for_seconds from events"
								+ " order by id desc limit ?")) {
			select.setInt(1, this.limit);
			try (ResultSet rows = select.executeQuery()) {
				while (rows.next()) {
					Instant opens = rows.getTimestamp(5).toInstant();
					String sale = ClosedSale.isClosed(opens) ? "closed"
							: opens.isAfter(now) ? "opens " + opens : "open since " + opens;
					String currency = rows.getString(7);
					out.print(TerminalText.format("%-8d %-30s %8d %8d %12d %-4s %6s  %-40s  %s%n", rows.getLong(1),
							rows.getString(2), rows.getInt(3), rows.getInt(4), rows.getLong(6),
							(currency != null) ? currency : "-", rows.getInt(8) + "s", sale, waitingRoom(rows)));
				}
			}
		}
		out.flush();
		return ExitCodes.DONE;
	}

	/** {@code fixed 50/s from <instant>, admitted 600s}, {@code off} when disabled, {@code -} for none. */
	private static String waitingRoom(ResultSet rows) throws java.sql.SQLException {
		String mode = rows.getString(10);
		if (mode == null) {
			return "-";
		}
		if (!rows.getBoolean(9)) {
			return "off";
		}
		Integer perSecond = rows.getObject(11, Integer.class);
		java.sql.Timestamp opensAt = rows.getTimestamp(12);
		return mode + ((perSecond != null) ? " " + perSecond + "/s" : "") + " from "
				+ ((opensAt != null) ? opensAt.toInstant().toString() : "now") + ", admitted " + rows.getInt(13) + "s";
	}

}
