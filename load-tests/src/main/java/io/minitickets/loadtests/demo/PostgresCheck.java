package io.minitickets.loadtests.demo;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import io.minitickets.localstack.postgres.PostgresServer;
import io.minitickets.localstack.stack.PostgresEndpoint;
import io.minitickets.localstack.stack.StackException;

/**
 * Checks a run's event directly in Postgres over JDBC: seats confirmed against capacity, rows, settling
 * transactions, and that every 202 has its row.
 */
final class PostgresCheck {

	private static final String CAPACITY = "select capacity from events where id = ?";

	private static final String BOOKINGS = """
			select coalesce(sum(quantity) filter (where status = 'CONFIRMED'), 0), count(*),
			       count(distinct settled_in_tx)
			from bookings where event_id = ?""";

	private static final String BOOKING_IDS = "select id::text from bookings where event_id = ?";

	private final PostgresEndpoint database;

	/**
	 * @param database the stack's database
	 */
	PostgresCheck(PostgresEndpoint database) {
		this.database = database;
	}

	/**
	 * @param eventId the run's event
	 * @param acceptedIds ids of the bookings answered 202
	 * @return what Postgres holds
	 * @throws StackException when Postgres cannot be queried or the event does not exist
	 */
	PostgresFindings inspect(long eventId, Collection<String> acceptedIds) {
		PostgresServer server = new PostgresServer(this.database.adminUrl(), this.database.username(),
				this.database.password());
		try (Connection connection = server.connect(this.database.jdbcUrl())) {
			int capacity = capacity(connection, eventId);
			try (PreparedStatement statement = connection.prepareStatement(BOOKINGS)) {
				statement.setLong(1, eventId);
				try (ResultSet row = statement.executeQuery()) {
					row.next();
					return new PostgresFindings(capacity, row.getLong(1), row.getInt(2), row.getInt(3),
							missing(connection, eventId, acceptedIds));
				}
			}
		}
		catch (SQLException ex) {
			throw new StackException("Cannot check event " + eventId + " in " + this.database.jdbcUrl() + ": "
					+ ex.getMessage(), ex);
		}
	}

	private static int capacity(Connection connection, long eventId) throws SQLException {
		try (PreparedStatement statement = connection.prepareStatement(CAPACITY)) {
			statement.setLong(1, eventId);
			try (ResultSet row = statement.executeQuery()) {
				if (!row.next()) {
					throw new StackException("Event " + eventId + " is not in the events table");
				}
				return row.getInt(1);
			}
		}
	}

	private static List<String> missing(Connection connection, long eventId, Collection<String> acceptedIds)
			throws SQLException {
		Set<String> present = new HashSet<>();
		try (PreparedStatement statement = connection.prepareStatement(BOOKING_IDS)) {
			statement.setLong(1, eventId);
			try (ResultSet rows = statement.executeQuery()) {
				while (rows.next()) {
					present.add(rows.getString(1));
				}
			}
		}
		return acceptedIds.stream().filter((id) -> !present.contains(id.toLowerCase(Locale.ROOT))).toList();
	}

}
