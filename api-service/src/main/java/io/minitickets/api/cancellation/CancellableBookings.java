package io.minitickets.api.cancellation;

import java.util.Optional;
import java.util.UUID;

import io.minitickets.core.messaging.BookingStatus;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * What a cancellation request reads of a booking in Postgres. It only reads: the change is the worker's.
 */
@Repository
class CancellableBookings {

	private final JdbcClient jdbc;

	CancellableBookings(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * @param bookingId the booking
	 * @param userId the caller; another user's booking is not found
	 * @return the caller's settled booking; empty when it is not settled yet, not the caller's, or does not exist
	 */
	Optional<OwnedBooking> findOwned(UUID bookingId, long userId) {
		return this.jdbc.sql("""
				select b.event_id, b.status, coalesce(e.cancellable_until < now(), false) as past_deadline
				from bookings b join events e on e.id = b.event_id where b.id = ? and b.user_id = ?""")
			.params(bookingId, userId)
			.query((rs, row) -> new OwnedBooking(rs.getLong("event_id"), BookingStatus.valueOf(rs.getString("status")),
					rs.getBoolean("past_deadline")))
			.optional();
	}

	/**
	 * @param eventId the booking's event, the key of its {@code cancellations.requested} record
	 * @param status where it is
	 * @param pastDeadline true when the event's {@code cancellable_until} has passed by Postgres's clock
	 */
	record OwnedBooking(long eventId, BookingStatus status, boolean pastDeadline) {
	}

}
