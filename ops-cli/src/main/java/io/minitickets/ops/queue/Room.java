package io.minitickets.ops.queue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

import io.minitickets.ops.system.BadUsageException;
import org.jspecify.annotations.Nullable;

/**
 * An event's waiting-room configuration as Postgres holds it ({@code events}, V9).
 *
 * @param eventId the event
 * @param name its name
 * @param enabled whether the room is on
 * @param mode {@code fixed} or {@code auto}
 * @param perSecond the fixed rate, admissions a second; null in {@code auto}
 * @param admittedForSeconds how long an admission lasts, seconds
 */
record Room(long eventId, String name, boolean enabled, String mode, @Nullable Integer perSecond,
		int admittedForSeconds) {

	/**
	 * @param connection Postgres
	 * @param eventId the event
	 * @param toChange true for a command that would change it: its refusal then says that nothing changed (a read
	 * says nothing of the kind)
	 * @return its room
	 * @throws BadUsageException when the event does not exist or has no waiting room configured
	 * @throws SQLException when Postgres fails
	 */
	static Room require(Connection connection, long eventId, boolean toChange) throws SQLException {
		try (PreparedStatement select = connection.prepareStatement("""
				select name, waiting_room_enabled, admission_mode, admission_per_second, admitted_for_seconds
				from events where id = ?""")) {
			select.setLong(1, eventId);
			String consequence = toChange ? "; nothing changed" : "";
			try (ResultSet row = select.executeQuery()) {
				if (!row.next()) {
					throw new BadUsageException("event " + eventId + " does not exist" + consequence);
				}
				String mode = row.getString(3);
				if (mode == null) {
					throw new BadUsageException("event " + eventId + " has no waiting room (set one with PUT "
							+ "/api/admin/events/" + eventId + "/waiting-room)" + consequence);
				}
				int perSecond = row.getInt(4);
				return new Room(eventId, row.getString(1), row.getBoolean(2), mode, row.wasNull() ? null : perSecond,
						row.getInt(5));
			}
		}
	}

	/** @return the rate as printed: {@code fixed 50/s} or {@code auto} */
	String rate() {
		return "fixed".equals(this.mode) ? "fixed " + this.perSecond + "/s" : this.mode;
	}

}
