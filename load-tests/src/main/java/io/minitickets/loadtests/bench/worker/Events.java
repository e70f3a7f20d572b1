package io.minitickets.loadtests.bench.worker;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

import io.minitickets.localstack.stack.PostgresEndpoint;
import io.minitickets.localstack.stack.StackException;

/**
 * The figure's events in the worker's database: created on sale, and checked after a drain.
 */
final class Events implements AutoCloseable {

	private static final String CREATE = """
			insert into events (name, capacity, sale_opens_at) values (?, ?, now()) returning id""";

	private static final String SETTLED = """
			select count(*) filter (where status = 'CONFIRMED'), count(*),
				(select seats_sold from events where id = ?) from bookings where event_id = ?""";

	private final Connection connection;

	/**
	 * @param postgres the worker's database, migrated
	 * @throws StackException when Postgres refuses the connection
	 */
	Events(PostgresEndpoint postgres) {
		try {
			this.connection = DriverManager.getConnection(postgres.jdbcUrl(), postgres.username(),
					postgres.password());
		}
		catch (SQLException ex) {
			throw new StackException("Cannot connect to " + postgres.jdbcUrl() + ": " + ex.getMessage(), ex);
		}
	}

	/**
	 * @param name the event's name
	 * @param capacity its seats
	 * @return its id
	 * @throws StackException when Postgres fails
	 */
	long create(String name, int capacity) {
		try (PreparedStatement create = this.connection.prepareStatement(CREATE)) {
			create.setString(1, name);
			create.setInt(2, capacity);
			try (ResultSet id = create.executeQuery()) {
				id.next();
				return id.getLong(1);
			}
		}
		catch (SQLException ex) {
			throw new StackException("Cannot create event " + name + ": " + ex.getMessage(), ex);
		}
	}

	/**
	 * Checks that every one of an event's bookings was settled once and confirmed, and its seats counted.
	 * @param eventId the event
	 * @param bookings how many bookings it was sent, one seat each, as many as its capacity
	 * @throws StackException when Postgres disagrees
	 */
	void requireAllConfirmed(long eventId, int bookings) {
		try (PreparedStatement settled = this.connection.prepareStatement(SETTLED)) {
			settled.setLong(1, eventId);
			settled.setLong(2, eventId);
			try (ResultSet row = settled.executeQuery()) {
				row.next();
				long confirmed = row.getLong(1);
				long rows = row.getLong(2);
				long seatsSold = row.getLong(3);
				if (confirmed != bookings || rows != bookings || seatsSold != bookings) {
					throw new StackException("Event " + eventId + " was sent " + bookings + " bookings but Postgres "
							+ "holds " + rows + " (" + confirmed + " confirmed) and seats_sold " + seatsSold);
				}
			}
		}
		catch (SQLException ex) {
			throw new StackException("Cannot check event " + eventId + ": " + ex.getMessage(), ex);
		}
	}

	@Override
	public void close() {
		try {
			this.connection.close();
		}
		catch (SQLException ex) {
			// closing a connection whose server went away: nothing left to release
		}
	}

}
