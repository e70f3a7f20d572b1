package io.minitickets.ops.system;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * The {@code ops_audit} table: one row per execution of a command that changes something, with who ran it (the OS
 * user), when, on what, with which filters and what it did.
 */
public final class OpsAudit {

	private OpsAudit() {
	}

	/**
	 * Appends a row.
	 * @param connection Postgres
	 * @param entry what was done
	 * @return the row's id
	 * @throws SQLException when Postgres fails
	 */
	public static long append(Connection connection, Entry entry) throws SQLException {
		try (PreparedStatement insert = connection.prepareStatement("""
				insert into ops_audit (who, command, source_topic, range_spec, filters, records_read, matched,
				                       published, skipped, parked)
				values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id""")) {
			insert.setString(1, entry.who());
			insert.setString(2, entry.command());
			insert.setString(3, entry.source());
			insert.setString(4, entry.range());
			insert.setString(5, entry.filters());
			insert.setInt(6, entry.read());
			insert.setInt(7, entry.matched());
			insert.setInt(8, entry.published());
			insert.setInt(9, entry.skipped());
			insert.setInt(10, entry.parked());
			try (ResultSet id = insert.executeQuery()) {
				id.next();
				return id.getLong(1);
			}
		}
	}

	/**
	 * Fills in how the published bookings settled, once the worker caught up (or the wait ended).
	 * @param connection Postgres
	 * @param id the row
	 * @param settled the outcomes
	 * @throws SQLException when Postgres fails
	 */
	public static void settled(Connection connection, long id, Settled settled) throws SQLException {
		try (PreparedStatement update = connection.prepareStatement("""
				update ops_audit set settled_new = ?, duplicates = ?, rejected = ?, still_pending = ?
				where id = ?""")) {
			update.setInt(1, settled.confirmed());
			update.setInt(2, settled.duplicates());
			update.setInt(3, settled.rejected());
			update.setInt(4, settled.pending());
			update.setLong(5, id);
			update.executeUpdate();
		}
	}

	/**
	 * The OS user running this process: who the audit names.
	 * @return {@code user.name}
	 */
	public static String who() {
		return System.getProperty("user.name", "unknown");
	}

	/**
	 * @param who the OS user
	 * @param command for example {@code replay}
	 * @param source the topic read
	 * @param range the range read, as printed
	 * @param filters the filters, as printed
	 * @param read records read
	 * @param matched records that passed the filters
	 * @param published records re-published
	 * @param skipped records not sent
	 * @param parked records sent to the parked topic
	 */
	public record Entry(String who, String command, String source, String range, String filters, int read,
			int matched, int published, int skipped, int parked) {
	}

	/**
	 * @param confirmed bookings settled now that took their seats: CONFIRMED, or HELD for a paid event (new)
	 * @param duplicates bookings that were final already (no-ops)
	 * @param rejected bookings settled now as REJECTED
	 * @param pending bookings not settled when the wait ended
	 */
	public record Settled(int confirmed, int duplicates, int rejected, int pending) {
	}

}
