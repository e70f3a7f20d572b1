package io.minitickets.ops.booking;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Optional;
import java.util.UUID;

import io.minitickets.ops.system.BadUsageException;
import org.jspecify.annotations.Nullable;

/**
 * Reads bookings for the ops commands that act on one: what it is now, and whether the worker has moved it on.
 * Reads only; every transition is the worker's.
 */
public final class Bookings {

	private static final Duration POLL = Duration.ofMillis(100);

	private static final String FIND = """
			select b.id, b.event_id, b.user_id, b.quantity, b.status, b.hold_expires_at, b.ended_at, b.amount,
			       b.currency, p.provider_payment_id, r.requested_at, r.done_at is not null as refund_issued
			from bookings b
			left join lateral (select provider_payment_id from payments
			                   where booking_id = b.id and kind = 'SUCCEEDED' and outcome = 'CONFIRMED'
			                   limit 1) p on true
			left join refunds r on r.provider_payment_id = p.provider_payment_id
			where b.id = ?""";

	private Bookings() {
	}

	/**
	 * @param connection Postgres
	 * @param bookingId the booking
	 * @return the booking; empty when Postgres has none of that id (never settled, or not a booking)
	 * @throws SQLException when Postgres fails
	 */
	public static Optional<FoundBooking> find(Connection connection, UUID bookingId) throws SQLException {
		try (PreparedStatement select = connection.prepareStatement(FIND)) {
			select.setObject(1, bookingId);
			try (ResultSet row = select.executeQuery()) {
				return row.next() ? Optional.of(booking(row)) : Optional.empty();
			}
		}
	}

	/**
	 * @param connection Postgres
	 * @param bookingId the booking
	 * @return the booking
	 * @throws BadUsageException when Postgres has no booking of that id
	 * @throws SQLException when Postgres fails
	 */
	public static FoundBooking require(Connection connection, UUID bookingId) throws SQLException {
		return find(connection, bookingId).orElseThrow(() -> new BadUsageException("booking " + bookingId
				+ " does not exist in Postgres (a booking still PENDING is not there yet)"));
	}

	/**
	 * Waits until the worker moves a booking off a status, reading Postgres every 100 ms.
	 * @param connection Postgres, in auto-commit mode
	 * @param bookingId the booking
	 * @param status the status it had
	 * @param wait how long to wait at most
	 * @return the booking as last read: with another status, or still with {@code status} when the wait ended
	 * @throws SQLException when Postgres fails
	 * @throws InterruptedException when interrupted while waiting
	 */
	public static FoundBooking awaitLeaving(Connection connection, UUID bookingId, String status, Duration wait)
			throws SQLException, InterruptedException {
		Instant deadline = Instant.now().plus(wait);
		FoundBooking booking = require(connection, bookingId);
		while (booking.status().equals(status) && Instant.now().isBefore(deadline)) {
			Thread.sleep(POLL);
			booking = require(connection, bookingId);
		}
		return booking;
	}

	private static FoundBooking booking(ResultSet row) throws SQLException {
		long amount = row.getLong("amount");
		Long paid = row.wasNull() ? null : amount;
		return new FoundBooking(row.getObject("id", UUID.class), row.getLong("event_id"), row.getLong("user_id"),
				row.getInt("quantity"), row.getString("status"), instant(row, "hold_expires_at"),
				instant(row, "ended_at"), row.getString("provider_payment_id"), paid, row.getString("currency"),
				instant(row, "requested_at"), row.getBoolean("refund_issued"));
	}

	private static @Nullable Instant instant(ResultSet row, String column) throws SQLException {
		OffsetDateTime value = row.getObject(column, OffsetDateTime.class);
		return (value != null) ? value.toInstant() : null;
	}

}
