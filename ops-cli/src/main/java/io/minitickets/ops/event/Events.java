package io.minitickets.ops.event;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;

import io.minitickets.core.schema.ClosedSale;
import io.minitickets.ops.system.BadUsageException;
import io.minitickets.ops.system.ExitCodes;
import io.minitickets.ops.system.OpsAudit;
import io.minitickets.ops.system.Transactions;

/**
 * The {@code events} table, as the ops commands change it.
 */
final class Events {

	private Events() {
	}

	/**
	 * Closes or opens an event's sale ({@code events close|open}): a preview by default; with {@code execute} the
	 * {@code sale_opens_at} update and its {@code ops_audit} row (command {@code events close} / {@code events open},
	 * range {@code event <id>}, filters {@code sale_opens_at <was> -> <now>}) in one transaction. A sale closed already
	 * (close) or open already (open) is left as it is, not audited.
	 * @param connection Postgres
	 * @param out where to print
	 * @param eventId the event
	 * @param close true to close the sale, false to open it now
	 * @param execute false for a preview
	 * @return the exit code
	 * @throws BadUsageException when the event does not exist (nothing changed)
	 * @throws SQLException when Postgres fails
	 */
	static int moveSale(Connection connection, PrintWriter out, long eventId, boolean close, boolean execute)
			throws SQLException {
		Instant was = saleOpensAt(connection, eventId);
		Instant now = Instant.now();
		String state = ClosedSale.isClosed(was) ? "closed"
				: (was.isAfter(now) ? "opens at " + was : "open since " + was);
		if (close ? ClosedSale.isClosed(was) : !was.isAfter(now)) {
			out.printf("event %d: sale %s already: nothing to do%n", eventId, close ? "closed" : "open");
			return ExitCodes.DONE;
		}
		if (!execute) {
			out.printf("would %s the sale of event %d (%s)%s. Nothing changed: run again with --execute to do it.%n",
					close ? "close" : "open", eventId, state,
					close ? "; bookings already accepted still settle" : " now");
			return ExitCodes.DONE;
		}
		Instant opensAt = close ? ClosedSale.OPENS_AT : now;
		long auditId = Transactions.inTransaction(connection, (tx) -> {
			try (PreparedStatement update = tx.prepareStatement("update events set sale_opens_at = ? where id = ?")) {
				update.setTimestamp(1, Timestamp.from(opensAt));
				update.setLong(2, eventId);
				update.executeUpdate();
			}
			return OpsAudit.append(tx, new OpsAudit.Entry(OpsAudit.who(), close ? "events close" : "events open",
					"events", "event " + eventId, "sale_opens_at " + was + " -> " + opensAt, 1, 1, 0, 0, 0));
		});
		out.printf("event %d: sale %s (was %s; audit row %d); the API sees it within its event cache TTL, 2 s "
				+ "by default%n", eventId, close ? "closed" : "open since " + opensAt, state, auditId);
		return ExitCodes.DONE;
	}

	private static Instant saleOpensAt(Connection connection, long eventId) throws SQLException {
		try (PreparedStatement select = connection.prepareStatement("select sale_opens_at from events where id = ?")) {
			select.setLong(1, eventId);
			try (ResultSet row = select.executeQuery()) {
				if (!row.next()) {
					throw new BadUsageException("event " + eventId + " does not exist; nothing changed");
				}
				return row.getTimestamp(1).toInstant();
			}
		}
	}

}
