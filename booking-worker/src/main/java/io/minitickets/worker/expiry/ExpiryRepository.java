package io.minitickets.worker.expiry;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import io.minitickets.core.messaging.BookingStatus;
import io.minitickets.core.status.CachedBooking;
import io.minitickets.worker.release.ReleasedBooking;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/**
 * The SQL of expiry: which events have due holds, and one event's expiry transaction. Set-based throughout: one
 * statement finds the events, one expires a chunk of an event's holds (their seats go back through
 * {@link io.minitickets.worker.release.SeatRelease}), whatever the number of holds.
 */
@Repository
class ExpiryRepository {

	private static final String DUE_EVENTS = """
			select distinct event_id from bookings where status = 'HELD' and hold_expires_at <= now()""";

	static final String EXPIRE = """
			update bookings set status = 'EXPIRED', ended_at = now()
			where ctid = any(array(select ctid from bookings
			                       where event_id = ? and status = 'HELD' and hold_expires_at <= now()
			                       order by hold_expires_at limit ?))
			  and status = 'HELD'
			returning id, event_id, user_id, quantity, settled_at, hold_expires_at, amount, currency, ended_at""";

	private static final String OPEN_HOLDS = "select count(*) from bookings where status = 'HELD'";

	private static final String UNTIL_NEXT_DUE = """
			select ceil(extract(epoch from min(hold_expires_at) - statement_timestamp()) * 1000)::bigint
			from bookings where status = 'HELD' and hold_expires_at > statement_timestamp()""";

	private final JdbcTemplate jdbc;

	ExpiryRepository(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * The events that have at least one HELD booking past its expiry, by Postgres's clock; found through the partial
	 * index {@code bookings_due_holds_idx}, so the cost grows with the open holds, not with the bookings.
	 * @return event ids
	 */
	List<Long> eventsWithDueHolds() {
		return this.jdbc.queryForList(DUE_EVENTS, Long.class);
	}

	/**
	 * Makes the due HELD bookings of one event EXPIRED, oldest expiry first, at most {@code limit} of them, read by a
	 * walk of {@code bookings_event_due_holds_idx} that stops at the limit (no sort of every due hold) and updated by
	 * their tuple ids (a TID scan: in EXPLAIN ANALYZE of a 5,000-hold chunk the primary-key probes and the hash of the
	 * ids they replace took 100–190 ms at load ~14, the TID scan 9–80 ms; docs/BENCHMARKS.md, "Expiry"). Must run
	 * in the transaction that {@link io.minitickets.worker.release.EventLock locked} the event; {@code status = 'HELD'} makes each hold expire
	 * once even when several expirers ran it one after the other.
	 * @param eventId the event
	 * @param limit the most bookings to expire
	 * @return the bookings expired now
	 */
	List<ReleasedBooking> expireDue(long eventId, int limit) {
		return this.jdbc.query(EXPIRE, ExpiryRepository::expiredHold, eventId, limit);
	}

	/**
	 * How long until the next HELD booking not yet due is due, by Postgres's clock (the one {@link #expireDue} compares
	 * with); read from the first entry of {@code bookings_due_holds_idx}. Holds already due are not counted: those the
	 * last run could not expire wait for the next scheduled run, not for a busy loop.
	 * @return ms until then (at least 1), or empty when no hold is open and not yet due
	 */
	Optional<Duration> untilNextDue() {
		Long ms = this.jdbc.queryForObject(UNTIL_NEXT_DUE, Long.class);
		return (ms != null) ? Optional.of(Duration.ofMillis(Math.max(1, ms))) : Optional.empty();
	}

	/**
	 * @return how many bookings are HELD now, over all events (the partial index of due holds counts them)
	 */
	long openHolds() {
		Long count = this.jdbc.queryForObject(OPEN_HOLDS, Long.class);
		return (count != null) ? count : 0;
	}

	private static ReleasedBooking expiredHold(ResultSet rs, int row) throws SQLException {
		return new ReleasedBooking(rs.getObject("id", UUID.class), rs.getLong("event_id"), rs.getLong("user_id"),
				rs.getInt("quantity"), BookingStatus.EXPIRED, rs.getObject("settled_at", OffsetDateTime.class).toInstant(),
				new CachedBooking.Hold(rs.getObject("hold_expires_at", OffsetDateTime.class).toInstant(),
						rs.getLong("amount"), rs.getString("currency")),
				rs.getObject("ended_at", OffsetDateTime.class).toInstant());
	}

}
