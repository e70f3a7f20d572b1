package io.minitickets.api.booking;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import io.minitickets.core.messaging.BookingStatus;
import io.minitickets.core.messaging.RejectionReason;
import io.minitickets.core.status.CachedBooking;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Settled bookings in Postgres, always filtered by owner.
 */
@Repository
class BookingQueries {

	private static final String COLUMNS = "id, event_id, user_id, quantity, status, reason, hold_expires_at, amount,"
			+ " currency";

	private final JdbcClient jdbc;

	BookingQueries(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	Optional<CachedBooking> find(UUID bookingId, long userId) {
		return this.jdbc.sql("select " + COLUMNS + " from bookings where id = ? and user_id = ?")
			.params(bookingId, userId)
			.query((rs, row) -> toBooking(rs))
			.optional();
	}

	List<CachedBooking> listOwn(long userId, int limit, long offset) {
		return this.jdbc
			.sql("select " + COLUMNS + " from bookings where user_id = ? order by requested_at desc, id limit ? offset ?")
			.params(userId, limit, offset)
			.query((rs, row) -> toBooking(rs))
			.list();
	}

	private static CachedBooking toBooking(java.sql.ResultSet rs) throws java.sql.SQLException {
		String reason = rs.getString("reason");
		OffsetDateTime holdExpiresAt = rs.getObject("hold_expires_at", OffsetDateTime.class);
		return new CachedBooking(rs.getObject("id", UUID.class), rs.getLong("event_id"), rs.getLong("user_id"),
				rs.getInt("quantity"), BookingStatus.valueOf(rs.getString("status")),
				(reason != null) ? RejectionReason.valueOf(reason) : null,
				(holdExpiresAt != null) ? new CachedBooking.Hold(holdExpiresAt.toInstant(), rs.getLong("amount"),
						rs.getString("currency")) : null);
	}

}
