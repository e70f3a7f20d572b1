package io.minitickets.ops.status;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import io.minitickets.core.inventory.GateReading;
import io.minitickets.ops.system.BadUsageException;
import io.minitickets.ops.system.Valkey;
import org.jspecify.annotations.Nullable;

/**
 * Reads the events {@code ops status} shows, from Postgres and the gate's Valkey (the broker's side is
 * {@link io.minitickets.core.backlog.KafkaBacklog}).
 */
final class StatusReader {

	/** The most events listed without {@code --event}: the latest whose sale has opened. */
	static final int EVENT_LIMIT = 20;

	private StatusReader() {
	}

	/**
	 * @param connection Postgres
	 * @param valkey the gate's Valkey
	 * @param eventId one event, or null for the latest {@value #EVENT_LIMIT} whose sale opened
	 * @return the events
	 * @throws BadUsageException when the event does not exist
	 * @throws SQLException when Postgres fails
	 */
	static List<EventRow> events(Connection connection, Valkey valkey, @Nullable Long eventId) throws SQLException {
		String sql = (eventId != null) ? "select id, name, capacity, seats_sold from events where id = ?"
				: "select id, name, capacity, seats_sold from events where sale_opens_at <= now() "
						+ "order by sale_opens_at desc, id desc limit " + EVENT_LIMIT;
		List<EventRow> rows = new ArrayList<>();
		try (PreparedStatement select = connection.prepareStatement(sql)) {
			if (eventId != null) {
				select.setLong(1, eventId);
			}
			try (ResultSet result = select.executeQuery()) {
				while (result.next()) {
					rows.add(gateView(valkey, result.getLong(1), result.getString(2), result.getInt(3),
							result.getInt(4)));
				}
			}
		}
		if (eventId != null && rows.isEmpty()) {
			throw new BadUsageException("event " + eventId + " does not exist");
		}
		return rows;
	}

	private static EventRow gateView(Valkey valkey, long id, String name, int capacity, int confirmed) {
		GateReading gate = GateReading.of(valkey.gate(), id);
		return new EventRow(id, name, capacity, confirmed, gate.counter(), gate.leases());
	}

}
