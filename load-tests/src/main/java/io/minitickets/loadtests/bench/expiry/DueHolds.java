package io.minitickets.loadtests.bench.expiry;

import java.sql.Array;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;

import io.minitickets.localstack.stack.PostgresEndpoint;
import io.minitickets.localstack.stack.StackException;

/**
 * The figure's HELD bookings in the stack's Postgres: written directly, as the worker's settlements would have left
 * them, and read back while they expire. Through the API the holds would be settled over the seconds the worker
 * takes, and so be due over those seconds too; written here, they are all due at the same instant.
 */
final class DueHolds implements AutoCloseable {

	/** One seat each, HELD until {@code ?} for {@code amount} in {@code currency}; one row per user id given. */
	private static final String INSERT_HELD = """
			insert into bookings (id, event_id, user_id, quantity, status, gated, requested_at, settled_at,
			                      hold_expires_at, amount, currency)
			select gen_random_uuid(), e.id, u.id, 1, 'HELD', true, now(), now(), ?, e.price, e.currency
			from events e cross join unnest(?::bigint[]) as u(id)
			where e.id = ?""";

	private static final String TAKE_SEATS = "update events set seats_sold = seats_sold + ? where id = ?";

	/**
	 * Whether any booking is still HELD, not how many: read every 20 ms while the holds expire, a count of the open
	 * holds walked every one of them (and the heap behind each), 70–450 ms of Postgres a read on this machine, one of
	 * its two cores taken from the expiry it measures; {@code exists} stops at the first (docs/BENCHMARKS.md, "Expiry").
	 */
	private static final String PROGRESS = """
			select exists (select 1 from bookings where event_id = e.id and status = 'HELD'), e.capacity, e.seats_sold
			from events e where e.id = ?""";

	/**
	 * Lateness of each expiry in ms: {@code ended_at} is the expiring transaction's {@code now()}, its start, so the
	 * few ms of that transaction's own update and commit are not in it ({@code allExpiredMs}, read by polling, has
	 * them).
	 */
	private static final String LATENESS = """
			select percentile_disc(0.99) within group (order by late), max(late)
			from (select extract(epoch from ended_at - hold_expires_at) * 1000 as late
			      from bookings where event_id = ? and status = 'EXPIRED') as expired""";

	private static final String OUTCOME = """
			select count(*) filter (where b.status = 'EXPIRED'), count(*) filter (where b.ended_at is not null),
			       count(*), min(e.seats_sold), min(e.capacity)
			from events e left join bookings b on b.event_id = e.id
			where e.id = ?""";

	private final Connection connection;

	/**
	 * @param postgres the stack's database
	 * @throws StackException when Postgres refuses the connection
	 */
	DueHolds(PostgresEndpoint postgres) {
		try {
			this.connection = DriverManager.getConnection(postgres.jdbcUrl(), postgres.username(),
					postgres.password());
		}
		catch (SQLException ex) {
			throw new StackException("Cannot connect to " + postgres.jdbcUrl() + ": " + ex.getMessage(), ex);
		}
	}

	/**
	 * Writes one HELD one-seat booking per user, all due at {@code due}, and takes their seats off the event's
	 * {@code seats_sold}, in one transaction (as the settling transactions would have, under the event's row lock).
	 * @param eventId a paid event
	 * @param userIds the bookings' users, one booking each
	 * @param due every booking's {@code hold_expires_at}
	 * @throws StackException when Postgres refuses them
	 */
	void hold(long eventId, List<Long> userIds, Instant due) {
		try {
			this.connection.setAutoCommit(false);
			try (PreparedStatement insert = this.connection.prepareStatement(INSERT_HELD);
					PreparedStatement take = this.connection.prepareStatement(TAKE_SEATS)) {
				Array users = this.connection.createArrayOf("bigint", userIds.toArray());
				insert.setTimestamp(1, Timestamp.from(due));
				insert.setArray(2, users);
				insert.setLong(3, eventId);
				int held = insert.executeUpdate();
				take.setInt(1, held);
				take.setLong(2, eventId);
				take.executeUpdate();
				this.connection.commit();
			}
			catch (SQLException ex) {
				this.connection.rollback();
				throw ex;
			}
			finally {
				this.connection.setAutoCommit(true);
			}
		}
		catch (SQLException ex) {
			throw new StackException("Cannot write the HELD bookings of event " + eventId + ": " + ex.getMessage(), ex);
		}
	}

	/**
	 * @param eventId the event
	 * @return whether any of its bookings is still HELD, and its free seats by Postgres ({@code capacity − seats_sold})
	 * @throws StackException when Postgres fails
	 */
	Progress progress(long eventId) {
		return read(PROGRESS, eventId, (row) -> new Progress(row.getBoolean(1), row.getLong(2) - row.getLong(3)));
	}

	/**
	 * @param eventId the event, every booking of it EXPIRED
	 * @return the 99th percentile and the largest of {@code ended_at − hold_expires_at} over its EXPIRED bookings, in
	 * ms
	 * @throws StackException when Postgres fails
	 */
	Lateness lateness(long eventId) {
		return read(LATENESS, eventId, (row) -> new Lateness(row.getDouble(1), row.getDouble(2)));
	}

	/**
	 * @param eventId the event
	 * @return what Postgres holds of it once the expiry is over
	 * @throws StackException when Postgres fails
	 */
	Outcome outcome(long eventId) {
		return read(OUTCOME, eventId,
				(row) -> new Outcome(row.getLong(1), row.getLong(2), row.getLong(3), row.getLong(4), row.getLong(5)));
	}

	private <T> T read(String sql, long eventId, Row<T> reader) {
		try (PreparedStatement statement = this.connection.prepareStatement(sql)) {
			statement.setLong(1, eventId);
			try (ResultSet row = statement.executeQuery()) {
				if (!row.next()) {
					throw new StackException("Event " + eventId + " is not in Postgres");
				}
				return reader.read(row);
			}
		}
		catch (SQLException ex) {
			throw new StackException("Cannot read event " + eventId + ": " + ex.getMessage(), ex);
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

	@FunctionalInterface
	private interface Row<T> {

		T read(ResultSet row) throws SQLException;

	}

	/**
	 * @param anyHeld true when a booking of the event is still HELD
	 * @param free its seats not sold by Postgres, {@code capacity − seats_sold}
	 */
	record Progress(boolean anyHeld, long free) {
	}

	/**
	 * @param p99Ms the 99th percentile of {@code ended_at − hold_expires_at}, ms
	 * @param maxMs the largest, ms
	 */
	record Lateness(double p99Ms, double maxMs) {
	}

	/**
	 * @param expired bookings EXPIRED
	 * @param ended bookings with an {@code ended_at}
	 * @param bookings all its bookings
	 * @param seatsSold its {@code seats_sold}
	 * @param capacity its seats
	 */
	record Outcome(long expired, long ended, long bookings, long seatsSold, long capacity) {
	}

}
