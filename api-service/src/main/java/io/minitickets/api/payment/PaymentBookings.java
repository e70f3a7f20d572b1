package io.minitickets.api.payment;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Optional;
import java.util.UUID;

import io.minitickets.core.messaging.BookingStatus;
import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * What the payment endpoints read of a booking in Postgres. They only read: every change is the worker's.
 */
@Repository
class PaymentBookings {

	private final JdbcClient jdbc;

	PaymentBookings(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * @param bookingId the booking
	 * @param userId the caller; another user's booking is not found
	 * @return the caller's settled booking with its event's name; empty when it is not settled yet, not the caller's,
	 * or does not exist
	 */
	Optional<OwnedBooking> findOwned(UUID bookingId, long userId) {
		return this.jdbc.sql("""
				select b.status, b.hold_expires_at, b.amount, b.currency, e.name
				from bookings b join events e on e.id = b.event_id where b.id = ? and b.user_id = ?""")
			.params(bookingId, userId)
			.query((rs, row) -> {
				OffsetDateTime expiresAt = rs.getObject("hold_expires_at", OffsetDateTime.class);
				long amount = rs.getLong("amount");
				return new OwnedBooking(BookingStatus.valueOf(rs.getString("status")),
						(expiresAt != null) ? new Price(amount, rs.getString("currency")) : null,
						(expiresAt != null) ? expiresAt.toInstant() : null, rs.getString("name"));
			})
			.optional();
	}

	/**
	 * @param bookingId the booking a webhook names
	 * @return its event and price; empty when there is no such settled booking
	 */
	Optional<PaidBooking> findPaid(UUID bookingId) {
		return this.jdbc.sql("select event_id, amount, currency from bookings where id = ?")
			.param(bookingId)
			.query((rs, row) -> {
				String currency = rs.getString("currency");
				return new PaidBooking(rs.getLong("event_id"),
						(currency != null) ? new Price(rs.getLong("amount"), currency) : null);
			})
			.optional();
	}

	/**
	 * A price in minor units of an ISO 4217 currency (upper case, as Postgres stores it).
	 *
	 * @param amount minor units
	 * @param currency ISO 4217 code
	 */
	record Price(long amount, String currency) {
	}

	/**
	 * @param status where the booking is
	 * @param price what it costs; null for a free event's booking
	 * @param holdExpiresAt when its hold expires unpaid; null for a free event's booking
	 * @param eventName its event's name, for the checkout page
	 */
	record OwnedBooking(BookingStatus status, @Nullable Price price, @Nullable Instant holdExpiresAt,
			String eventName) {
	}

	/**
	 * @param eventId the booking's event, the key of its {@code payments.received} record
	 * @param price what it costs; null for a free event's booking, which nobody pays
	 */
	record PaidBooking(long eventId, @Nullable Price price) {
	}

}
