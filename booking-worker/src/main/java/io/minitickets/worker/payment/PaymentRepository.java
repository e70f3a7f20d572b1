package io.minitickets.worker.payment;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import io.minitickets.core.messaging.BookingStatus;
import io.minitickets.core.messaging.PaymentReceived;
import io.minitickets.core.status.CachedBooking;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/**
 * The SQL of applying payments and issuing refunds. Everything but the refund bookkeeping runs in the transaction that
 * {@link io.minitickets.worker.release.EventLock locked} the booking's event.
 */
@Repository
class PaymentRepository {

	private final JdbcTemplate jdbc;

	PaymentRepository(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * @param payment a verified payment
	 * @return true when its provider event, or (for a success) its provider payment, was applied before
	 */
	boolean applied(PaymentReceived payment) {
		Boolean applied = this.jdbc.queryForObject("""
				select exists (select 1 from payments where provider_event_id = ?)
				    or exists (select 1 from payments where ? and kind = 'SUCCEEDED' and provider_payment_id = ?)""",
				Boolean.class, payment.providerEventId(), payment.succeeded(), payment.providerPaymentId());
		return Boolean.TRUE.equals(applied);
	}

	Optional<PaidBooking> booking(UUID bookingId) {
		return this.jdbc.query("""
				select id, event_id, user_id, quantity, status, settled_at, hold_expires_at, amount, currency
				from bookings where id = ?""", PaymentRepository::paidBooking, bookingId).stream().findFirst();
	}

	/**
	 * Takes seats for a booking whose hold expired, if they are still free.
	 * @param eventId the event, locked
	 * @param seats seats wanted
	 * @return true when {@code seats_sold + seats <= capacity} and seats_sold grew by them
	 */
	boolean takeSeatsIfFree(long eventId, int seats) {
		return this.jdbc.update("update events set seats_sold = seats_sold + ? where id = ? and seats_sold + ? <= capacity",
				seats, eventId, seats) == 1;
	}

	/**
	 * Confirms a paid booking. A booking confirmed after its hold expired keeps its {@code ended_at}: the reconciler
	 * then marks it returned in the gate, so a RETURN of its expiry arriving late cannot give back the seats it took
	 * again.
	 * @param bookingId the booking, HELD or EXPIRED
	 */
	void confirm(UUID bookingId) {
		this.jdbc.update("update bookings set status = 'CONFIRMED', paid_at = now() where id = ?", bookingId);
	}

	void markRefunded(UUID bookingId) {
		this.jdbc.update("update bookings set status = 'REFUNDED' where id = ?", bookingId);
	}

	void record(PaymentReceived payment, PaymentOutcome outcome) {
		this.jdbc.update("""
				insert into payments (provider_event_id, booking_id, provider_payment_id, amount, currency, kind,
				                      received_at, outcome)
				values (?, ?, ?, ?, ?, ?, ?, ?)""", payment.providerEventId(), payment.bookingId(),
				payment.providerPaymentId(), payment.amount(), payment.currency(),
				payment.succeeded() ? "SUCCEEDED" : "FAILED", java.sql.Timestamp.from(payment.receivedAt()),
				outcome.column());
	}

	void recordRefund(PendingRefund refund, String currency, String reason) {
		this.jdbc.update("""
				insert into refunds (provider_payment_id, booking_id, idempotency_key, amount, currency, reason)
				values (?, ?, ?, ?, ?, ?)""", refund.providerPaymentId(), refund.bookingId(), refund.idempotencyKey(),
				refund.amount(), currency, reason);
	}

	/**
	 * Records the refund of the successful payment that confirmed a booking, unless that payment has a refund already.
	 * @param bookingId the booking
	 * @param idempotencyKey what the provider is asked with
	 * @param reason why
	 * @return the refund inserted now; empty when there is no such payment or it has a refund
	 */
	Optional<PendingRefund> recordRefundOfConfirmingPayment(UUID bookingId, String idempotencyKey, String reason) {
		return this.jdbc.query("""
				insert into refunds (provider_payment_id, booking_id, idempotency_key, amount, currency, reason)
				select provider_payment_id, booking_id, ?, amount, currency, ? from payments
				where booking_id = ? and kind = 'SUCCEEDED' and outcome = 'CONFIRMED'
				on conflict do nothing
				returning provider_payment_id, booking_id, idempotency_key, amount""",
				(rs, row) -> new PendingRefund(rs.getString(1), rs.getObject(2, UUID.class), rs.getString(3),
						rs.getLong(4)),
				idempotencyKey, reason, bookingId).stream().findFirst();
	}

	/**
	 * @param providerPaymentId the refunded payment
	 * @param providerRefundId the provider's id of the refund
	 */
	void refundDone(String providerPaymentId, String providerRefundId) {
		this.jdbc.update("""
				update refunds set provider_refund_id = ?, done_at = now(), attempts = attempts + 1
				where provider_payment_id = ? and done_at is null""", providerRefundId, providerPaymentId);
	}

	void refundFailed(String providerPaymentId) {
		this.jdbc.update("update refunds set attempts = attempts + 1 where provider_payment_id = ?", providerPaymentId);
	}

	/**
	 * @param olderThan how long ago a refund must have been recorded (younger ones are still being issued by the
	 * worker that recorded them)
	 * @param limit the most to return
	 * @return refunds the provider has not taken yet, oldest first
	 */
	List<PendingRefund> pendingRefunds(Duration olderThan, int limit) {
		return this.jdbc.query("""
				select provider_payment_id, booking_id, idempotency_key, amount from refunds
				where done_at is null and requested_at <= now() - ? * interval '1 millisecond'
				order by requested_at limit ?""",
				(rs, row) -> new PendingRefund(rs.getString(1), rs.getObject(2, UUID.class), rs.getString(3),
						rs.getLong(4)),
				olderThan.toMillis(), limit);
	}

	long pendingRefundCount() {
		Long count = this.jdbc.queryForObject("select count(*) from refunds where done_at is null", Long.class);
		return (count != null) ? count : 0;
	}

	private static PaidBooking paidBooking(ResultSet rs, int row) throws SQLException {
		OffsetDateTime expiresAt = rs.getObject("hold_expires_at", OffsetDateTime.class);
		String currency = rs.getString("currency");
		return new PaidBooking(rs.getObject("id", UUID.class), rs.getLong("event_id"), rs.getLong("user_id"),
				rs.getInt("quantity"), BookingStatus.valueOf(rs.getString("status")),
				rs.getObject("settled_at", OffsetDateTime.class).toInstant(),
				(expiresAt != null && currency != null)
						? new CachedBooking.Hold(expiresAt.toInstant(), rs.getLong("amount"), currency) : null);
	}

}
