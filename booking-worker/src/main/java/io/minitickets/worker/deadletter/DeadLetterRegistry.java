package io.minitickets.worker.deadletter;

import io.minitickets.core.messaging.ReplayHeaders.RecordCoordinates;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The {@code dead_letters} table: the original coordinates of every record already sent to the dead-letter topic.
 */
class DeadLetterRegistry {

	private final JdbcTemplate jdbc;

	DeadLetterRegistry(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * Records that a record is being dead-lettered, unless it already was. Run in the transaction that also waits for
	 * the publish, so the row commits only once the broker acknowledged the dead letter.
	 * @param original the record's original coordinates
	 * @param exceptionClass the class name of the failure, for operators' filters
	 * @return true when this call inserted the row (dead-letter it now); false when it was dead-lettered before
	 * @throws org.springframework.dao.DataAccessException when Postgres fails (the record is then redelivered)
	 */
	boolean claim(RecordCoordinates original, String exceptionClass) {
		return this.jdbc.update("""
				insert into dead_letters (original_topic, original_partition, original_offset, exception_class)
				values (?, ?, ?, ?) on conflict do nothing""", original.topic(), original.partition(),
				original.offset(), exceptionClass) == 1;
	}

}
