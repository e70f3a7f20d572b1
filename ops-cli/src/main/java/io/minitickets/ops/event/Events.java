package io.minitickets.ops.event;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;

import io.minitickets.ops.system.BadUsageException;

/**
 * The {@code events} table, as the ops commands change it.
 */
final class Events {

	private Events() {
	}

	/**
	 * Moves an event's sale opening.
	 * @param connection Postgres
	 * @param eventId the event
	 * @param opensAt the new opening time
	 * @throws BadUsageException when the event does not exist
	 * @throws SQLException when Postgres fails
	 */
	static void setSaleOpensAt(Connection connection, long eventId, Instant opensAt) throws SQLException {
		try (PreparedStatement update = connection
			.prepareStatement("update events set sale_opens_at = ? where id = ?")) {
			update.setTimestamp(1, Timestamp.from(opensAt));
			update.setLong(2, eventId);
			if (update.executeUpdate() == 0) {
				throw new BadUsageException("event " + eventId + " does not exist");
			}
		}
	}

}
