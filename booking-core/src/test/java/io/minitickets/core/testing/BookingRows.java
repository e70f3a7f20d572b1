package io.minitickets.core.testing;

import java.time.Duration;

import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.awaitility.Awaitility.await;

/**
 * An event's bookings and seats as Postgres holds them, for the integration tests of the services that settle them.
 */
public final class BookingRows {

	private final JdbcTemplate jdbc;

	/**
	 * @param jdbc the services' database
	 */
	public BookingRows(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * @param eventId the event
	 * @return how many bookings of the event Postgres holds, whatever their status
	 */
	public int count(long eventId) {
		return this.jdbc.queryForObject("select count(*) from bookings where event_id = ?", Integer.class, eventId);
	}

	/**
	 * @param eventId the event
	 * @return its {@code seats_sold}
	 */
	public int seatsSold(long eventId) {
		return this.jdbc.queryForObject("select seats_sold from events where id = ?", Integer.class, eventId);
	}

	/**
	 * Waits until Postgres holds a number of bookings for an event, riding out moments without a connection.
	 * @param eventId the event
	 * @param bookings how many
	 * @param timeout the longest it may take
	 * @throws org.awaitility.core.ConditionTimeoutException when the count is not reached in time
	 */
	public void awaitCount(long eventId, int bookings, Duration timeout) {
		await().atMost(timeout)
			.ignoreExceptionsInstanceOf(DataAccessResourceFailureException.class)
			.until(() -> count(eventId) == bookings);
	}

}
