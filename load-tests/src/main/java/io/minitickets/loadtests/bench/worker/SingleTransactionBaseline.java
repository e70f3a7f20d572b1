package io.minitickets.loadtests.bench.worker;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import io.minitickets.localstack.stack.PostgresEndpoint;
import io.minitickets.localstack.stack.StackException;

/**
 * The design a queued worker replaces, at its best: each booking settled in a transaction of its own, straight against
 * the hot event's row. One transaction takes a seat with a conditional update ({@code seats_sold + 1 <= capacity},
 * which locks the row and re-checks the condition on its latest version, so no {@code select … for update} is needed
 * before it), inserts the booking and commits: two statements and a commit. Several connections do this at once, each
 * on a platform thread of its own, queueing on the row lock as a direct-to-database API would.
 */
final class SingleTransactionBaseline {

	private static final String TAKE_SEAT = """
			update events set seats_sold = seats_sold + 1 where id = ? and seats_sold + 1 <= capacity""";

	private static final String INSERT_BOOKING = """
			insert into bookings (id, event_id, user_id, quantity, status, gated, requested_at)
			values (?, ?, ?, 1, 'CONFIRMED', false, ?)""";

	private final PostgresEndpoint postgres;

	private final int connections;

	/**
	 * @param postgres the database the worker settles in
	 * @param connections concurrent connections, each booking in its own transactions
	 */
	SingleTransactionBaseline(PostgresEndpoint postgres, int connections) {
		this.postgres = postgres;
		this.connections = connections;
	}

	/**
	 * Books seats of one event, one per transaction, from every connection, for a while.
	 * @param eventId the event; its capacity must outlast the window
	 * @param window how long the connections keep starting transactions
	 * @return bookings committed
	 * @throws StackException when Postgres fails or a seat was refused (the event was too small)
	 */
	long run(long eventId, Duration window) {
		long end = System.nanoTime() + window.toNanos();
		List<Future<Long>> running = new ArrayList<>();
		try (ExecutorService threads = Executors.newFixedThreadPool(this.connections)) {
			for (int i = 0; i < this.connections; i++) {
				long userId = i + 1;
				running.add(threads.submit(() -> bookUntil(eventId, userId, end)));
			}
		}
		long committed = 0;
		for (Future<Long> connection : running) {
			committed += result(connection);
		}
		return committed;
	}

	private long bookUntil(long eventId, long userId, long end) throws SQLException {
		try (Connection connection = DriverManager.getConnection(this.postgres.jdbcUrl(), this.postgres.username(),
				this.postgres.password());
				PreparedStatement take = connection.prepareStatement(TAKE_SEAT);
				PreparedStatement insert = connection.prepareStatement(INSERT_BOOKING)) {
			connection.setAutoCommit(false);
			take.setLong(1, eventId);
			insert.setLong(2, eventId);
			insert.setLong(3, userId);
			long committed = 0;
			while (System.nanoTime() < end) {
				if (take.executeUpdate() != 1) {
					throw new StackException("Event " + eventId + " is missing or sold out during the baseline; give it "
							+ "more seats");
				}
				insert.setObject(1, UUID.randomUUID());
				insert.setTimestamp(4, Timestamp.from(Instant.now()));
				insert.executeUpdate();
				connection.commit();
				committed++;
			}
			return committed;
		}
	}

	private static long result(Future<Long> connection) {
		try {
			return connection.get();
		}
		catch (ExecutionException ex) {
			throw new StackException("A baseline connection failed: " + ex.getCause().getMessage(), ex.getCause());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new StackException("Interrupted during the baseline", ex);
		}
	}

}
