package io.minitickets.ops.replay;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.minitickets.core.messaging.ReplayHeaders.RecordCoordinates;
import org.jspecify.annotations.Nullable;

/**
 * The {@code dead_letters} table as a redrive sees it: the worker inserts a row per dead-lettered original, a redrive
 * counts its replays there and marks the originals it parked.
 */
final class DeadLetterLedger {

	private DeadLetterLedger() {
	}

	/**
	 * @param connection Postgres
	 * @param originals original coordinates of the records read
	 * @return what the table knows of them; originals it does not know are absent
	 * @throws SQLException when Postgres fails
	 */
	static Map<RecordCoordinates, Entry> load(Connection connection, Collection<RecordCoordinates> originals)
			throws SQLException {
		Map<RecordCoordinates, Entry> known = new HashMap<>();
		if (originals.isEmpty()) {
			return known;
		}
		List<RecordCoordinates> all = List.copyOf(originals);
		try (PreparedStatement select = connection.prepareStatement("""
				select d.original_topic, d.original_partition, d.original_offset, d.redrives, d.parked_at is not null,
				       d.exception_class
				from dead_letters d
				join unnest(?, ?, ?) as wanted(topic, part, off)
				  on d.original_topic = wanted.topic and d.original_partition = wanted.part
				 and d.original_offset = wanted.off""")) {
			select.setArray(1, connection.createArrayOf("varchar", all.stream().map(RecordCoordinates::topic).toArray()));
			select.setArray(2, connection.createArrayOf("int4", all.stream().map(RecordCoordinates::partition).toArray()));
			select.setArray(3, connection.createArrayOf("int8", all.stream().map(RecordCoordinates::offset).toArray()));
			try (ResultSet rows = select.executeQuery()) {
				while (rows.next()) {
					known.put(new RecordCoordinates(rows.getString(1), rows.getInt(2), rows.getLong(3)),
							new Entry(rows.getInt(4), rows.getBoolean(5), rows.getString(6)));
				}
			}
		}
		return known;
	}

	/**
	 * Counts one redrive of a dead letter (inserting its row when the dead letter predates the table).
	 * @param connection Postgres
	 * @param original the dead letter's original coordinates
	 * @param exceptionClass its failure class; null when unknown
	 * @param parked true when this redrive parked it instead of re-publishing it
	 * @throws SQLException when Postgres fails
	 */
	static void recordRedrive(Connection connection, RecordCoordinates original, @Nullable String exceptionClass,
			boolean parked) throws SQLException {
		try (PreparedStatement upsert = connection.prepareStatement("""
				insert into dead_letters (original_topic, original_partition, original_offset, exception_class,
				                          redrives, parked_at)
				values (?, ?, ?, ?, ?, case when ? then now() end)
				on conflict (original_topic, original_partition, original_offset) do update
				set redrives = dead_letters.redrives + excluded.redrives,
				    parked_at = coalesce(dead_letters.parked_at, excluded.parked_at)""")) {
			upsert.setString(1, original.topic());
			upsert.setInt(2, original.partition());
			upsert.setLong(3, original.offset());
			upsert.setString(4, exceptionClass);
			upsert.setInt(5, parked ? 0 : 1);
			upsert.setBoolean(6, parked);
			upsert.executeUpdate();
		}
	}

	/**
	 * @param redrives how many times a redrive re-published it
	 * @param parked true when a redrive parked it
	 * @param exceptionClass the failure class the worker recorded (unwrapped from the container's exceptions); null
	 * when unknown
	 */
	record Entry(int redrives, boolean parked, @Nullable String exceptionClass) {
	}

}
