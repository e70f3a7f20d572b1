package io.minitickets.ops.replay;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

/**
 * What Postgres decided for bookings: a booking is final (CONFIRMED or REJECTED) once it has a row.
 */
final class BookingOutcomes {

	private BookingOutcomes() {
	}

	/**
	 * @param connection Postgres
	 * @param bookingIds the bookings
	 * @return booking id → CONFIRMED or REJECTED; bookings without a row (not settled) are absent
	 * @throws SQLException when Postgres fails
	 */
	static Map<UUID, String> of(Connection connection, Collection<UUID> bookingIds) throws SQLException {
		Map<UUID, String> outcomes = new HashMap<>();
		if (bookingIds.isEmpty()) {
			return outcomes;
		}
		try (PreparedStatement select = connection
			.prepareStatement("select id, status from bookings where id = any(?)")) {
			select.setArray(1, connection.createArrayOf("uuid", bookingIds.toArray()));
			try (ResultSet rows = select.executeQuery()) {
				while (rows.next()) {
					outcomes.put(rows.getObject(1, UUID.class), rows.getString(2));
				}
			}
		}
		return outcomes;
	}

}
