package io.minitickets.worker.cancellation;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Optional;
import java.util.UUID;

import io.minitickets.core.messaging.BookingStatus;
import io.minitickets.core.status.CachedBooking;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/**
 * The SQL of a cancellation; all of it runs in the transaction that {@link io.minitickets.worker.release.EventLock
 * locked} the booking's event.
 */
@Repository
class CancellationRepository {

	private final JdbcTemplate jdbc;

	CancellationRepository(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	Optional<CancellableBooking> booking(UUID bookingId) {
		return this.jdbc.query("""
				select b.id, b.event_id, b.user_id, b.quantity, b.status, b.settled_at, b.hold_expires_at, b.amount,
				       b.currency, coalesce(e.cancellable_until < now(), false) as past_deadline
				from bookings b join events e on e.id = b.event_id where b.id = ?""",
				CancellationRepository::cancellable, bookingId).stream().findFirst();
	}

	/**
	 * Ends a HELD or CONFIRMED booking.
	 * @param bookingId the booking, locked through its event
	 * @param status what it becomes: CANCELLED, or REFUNDED (an operator's refund)
	 * @return when it ended ({@code ended_at}, the transaction's time)
	 */
	Instant end(UUID bookingId, BookingStatus status) {
		OffsetDateTime endedAt = this.jdbc.queryForObject("""
				update bookings set status = ?, ended_at = now()
				where id = ? and status in ('HELD', 'CONFIRMED') returning ended_at""", OffsetDateTime.class,
				status.name(), bookingId);
		return endedAt.toInstant();
	}

	private static CancellableBooking cancellable(ResultSet rs, int row) throws SQLException {
		OffsetDateTime expiresAt = rs.getObject("hold_expires_at", OffsetDateTime.class);
		String currency = rs.getString("currency");
		return new CancellableBooking(rs.getObject("id", UUID.class), rs.getLong("event_id"), rs.getLong("user_id"),
				rs.getInt("quantity"), BookingStatus.valueOf(rs.getString("status")),
				rs.getObject("settled_at", OffsetDateTime.class).toInstant(),
				(expiresAt != null && currency != null)
						? new CachedBooking.Hold(expiresAt.toInstant(), rs.getLong("amount"), currency) : null,
				rs.getBoolean("past_deadline"));
	}

}
