package io.minitickets.worker.deadletter;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The {@code dead_letters} table as gauges, read when scraped: {@code minitickets.worker.dead.letters.recorded}
 * (original records dead-lettered so far) and {@code minitickets.worker.dead.letters.parked} (those {@code ops replay}
 * parked in {@code bookings.requested-parked} after too many redrives). NaN while Postgres cannot answer.
 */
@Component
class DeadLetterGauges {

	private final JdbcTemplate jdbc;

	DeadLetterGauges(JdbcTemplate jdbc, MeterRegistry registry) {
		this.jdbc = jdbc;
		Gauge.builder("minitickets.worker.dead.letters.recorded", this, (gauges) -> gauges.count(false))
			.description("Original records of bookings.requested in the dead_letters table")
			.register(registry);
		Gauge.builder("minitickets.worker.dead.letters.parked", this, (gauges) -> gauges.count(true))
			.description("Dead letters parked in bookings.requested-parked after too many redrives")
			.register(registry);
	}

	private double count(boolean parked) {
		try {
			Long count = this.jdbc.queryForObject(
					parked ? "select count(*) from dead_letters where parked_at is not null"
							: "select count(*) from dead_letters",
					Long.class);
			return (count != null) ? count : Double.NaN;
		}
		catch (DataAccessException ex) {
			return Double.NaN;
		}
	}

}
