package io.minitickets.worker.settlement;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;

import io.minitickets.core.messaging.BookingStatus;
import io.minitickets.core.messaging.RejectionReason;
import io.minitickets.core.status.CachedBooking.Hold;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/**
 * The SQL of one settling transaction. Every method must run inside the transaction that
 * {@link #lockEvent(long) locked} the event row.
 */
@Repository
class SettlementRepository {

	private static final String LOCK_EVENT = """
			select capacity, seats_sold, per_user_limit, price, currency, hold_seconds from events where id = ? for update""";

	private static final String FIND_SETTLED = """
			select id, event_id, user_id, quantity, gated, requested_at, status, reason, settled_at, hold_expires_at,
			       amount, currency
			from bookings where id = any(?)""";

	private static final String CONFIRMED_SEATS_BY_USER = """
			select user_id, sum(quantity) from bookings
			where event_id = ? and status in ('HELD', 'CONFIRMED') and user_id = any(?) group by user_id""";

	private static final String INSERT = """
			insert into bookings (id, event_id, user_id, quantity, status, reason, gated, requested_at, settled_at,
				hold_expires_at, amount, currency)
			select * from unnest(?::uuid[], ?::bigint[], ?::bigint[], ?::integer[], ?::varchar[], ?::varchar[],
				?::boolean[], ?::timestamptz[], ?::timestamptz[], ?::timestamptz[], ?::bigint[], ?::char(3)[])
			on conflict (id) do nothing""";

	private static final String ADD_SEATS_SOLD = "update events set seats_sold = seats_sold + ? where id = ?";

	private final JdbcTemplate jdbc;

	SettlementRepository(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * Locks an event's row until the transaction ends and reads its seats and terms.
	 * @param eventId the event
	 * @return its seats and terms, or empty when there is no such event
	 */
	Optional<EventInventory> lockEvent(long eventId) {
		return this.jdbc
			.query(LOCK_EVENT, (rs, row) -> new EventInventory(rs.getInt(1), rs.getInt(2), rs.getObject(3,
					Integer.class), rs.getLong(4), rs.getString(5), Duration.ofSeconds(rs.getInt(6))), eventId)
			.stream()
			.findFirst();
	}

	/**
	 * Reads the bookings Postgres already settled among some booking ids.
	 * @param bookingIds the ids
	 * @return the settled ones, as replays, by booking id
	 */
	Map<UUID, Settlement> findSettled(Collection<UUID> bookingIds) {
		Map<UUID, Settlement> settled = new HashMap<>();
		this.jdbc.query((connection) -> {
			PreparedStatement statement = connection.prepareStatement(FIND_SETTLED);
			statement.setArray(1, connection.createArrayOf("uuid", bookingIds.toArray()));
			return statement;
		}, (ResultSet rs) -> {
			Settlement settlement = replay(rs);
			settled.put(settlement.bookingId(), settlement);
		});
		return settled;
	}

	/**
	 * Sums the seats Postgres already gave each user for one event: held or confirmed.
	 * @param eventId the event
	 * @param userIds the users to sum for
	 * @return seats taken by user id; users with none are missing
	 */
	Map<Long, Integer> confirmedSeatsByUser(long eventId, Collection<Long> userIds) {
		Map<Long, Integer> seats = new HashMap<>();
		this.jdbc.query((connection) -> {
			PreparedStatement statement = connection.prepareStatement(CONFIRMED_SEATS_BY_USER);
			statement.setLong(1, eventId);
			statement.setArray(2, connection.createArrayOf("int8", userIds.toArray()));
			return statement;
		}, (ResultSet rs) -> {
			seats.put(rs.getLong(1), rs.getInt(2));
		});
		return seats;
	}

	/**
	 * Inserts newly settled bookings in one statement.
	 * @param settlements the bookings; none may be a replay
	 * @throws IllegalStateException when some booking was already there: another transaction settled it since
	 * {@link #findSettled} read, so this transaction's decision is stale and must be rolled back and retried
	 */
	void insert(List<Settlement> settlements) {
		int inserted = insertNew(settlements);
		if (inserted != settlements.size()) {
			throw new IllegalStateException("Expected to insert " + settlements.size() + " bookings but inserted "
					+ inserted + ": another transaction settled some of them concurrently");
		}
	}

	/**
	 * Inserts settled bookings in one statement, skipping those whose booking id is there already.
	 * @param settlements the bookings
	 * @return how many were inserted: fewer than given when some were settled before
	 */
	int insertNew(List<Settlement> settlements) {
		if (settlements.isEmpty()) {
			return 0;
		}
		return this.jdbc.update((connection) -> {
			PreparedStatement statement = connection.prepareStatement(INSERT);
			statement.setArray(1, array(connection, "uuid", settlements, Settlement::bookingId));
			statement.setArray(2, array(connection, "int8", settlements, Settlement::eventId));
			statement.setArray(3, array(connection, "int8", settlements, Settlement::userId));
			statement.setArray(4, array(connection, "int4", settlements, Settlement::quantity));
			statement.setArray(5, array(connection, "varchar", settlements, (s) -> s.status().name()));
			statement.setArray(6, array(connection, "varchar", settlements,
					(s) -> (s.reason() != null) ? s.reason().name() : null));
			statement.setArray(7, array(connection, "bool", settlements, Settlement::gated));
			statement.setArray(8, array(connection, "timestamptz", settlements,
					(s) -> OffsetDateTime.ofInstant(s.requestedAt(), ZoneOffset.UTC)));
			statement.setArray(9, array(connection, "timestamptz", settlements,
					(s) -> OffsetDateTime.ofInstant(s.settledAt(), ZoneOffset.UTC)));
			statement.setArray(10, array(connection, "timestamptz", settlements,
					(s) -> (s.hold() != null) ? OffsetDateTime.ofInstant(s.hold().expiresAt(), ZoneOffset.UTC) : null));
			statement.setArray(11, array(connection, "int8", settlements,
					(s) -> (s.hold() != null) ? s.hold().amount() : null));
			statement.setArray(12, array(connection, "varchar", settlements,
					(s) -> (s.hold() != null) ? s.hold().currency() : null));
			return statement;
		});
	}

	/**
	 * Adds newly taken seats (confirmed or held) to an event; the CHECK constraint {@code seats_sold <= capacity}
	 * guards it.
	 * @param eventId the event
	 * @param seats seats taken by this transaction
	 * @throws org.springframework.dao.DataIntegrityViolationException when the event would be oversold
	 */
	void addSeatsSold(long eventId, int seats) {
		this.jdbc.update(ADD_SEATS_SOLD, seats, eventId);
	}

	private static Array array(Connection connection, String type, List<Settlement> settlements,
			Function<Settlement, ?> column) throws SQLException {
		return connection.createArrayOf(type, settlements.stream().map(column).toArray());
	}

	private static Settlement replay(ResultSet rs) throws SQLException {
		String reason = rs.getString("reason");
		OffsetDateTime holdExpiresAt = rs.getObject("hold_expires_at", OffsetDateTime.class);
		Hold hold = (holdExpiresAt != null)
				? new Hold(holdExpiresAt.toInstant(), rs.getLong("amount"), rs.getString("currency")) : null;
		return new Settlement(rs.getObject("id", UUID.class), rs.getLong("event_id"), rs.getLong("user_id"),
				rs.getInt("quantity"), rs.getBoolean("gated"),
				rs.getObject("requested_at", OffsetDateTime.class).toInstant(),
				BookingStatus.valueOf(rs.getString("status")), (reason != null) ? RejectionReason.valueOf(reason) : null,
				rs.getObject("settled_at", OffsetDateTime.class).toInstant(), hold, true);
	}

}
