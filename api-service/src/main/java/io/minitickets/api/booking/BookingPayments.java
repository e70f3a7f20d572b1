package io.minitickets.api.booking;

import io.minitickets.api.booking.PaymentView.State;
import io.minitickets.api.payment.CheckoutMarks;
import io.minitickets.core.messaging.BookingStatus;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Reads the payment state of a paid event's booking from Postgres (the status cache does not carry it). Only where a
 * payment can exist: a HELD or EXPIRED booking has no successful payment applied (one would have made it CONFIRMED or
 * REFUNDED), a free event's booking has none at all, so polls of those cost no Postgres query; a HELD one costs one
 * Valkey EXISTS (its checkout's mark: PENDING_CHECKOUT once a checkout was opened); a CONFIRMED, CANCELLED or
 * REFUNDED paid booking costs one query on two indexes.
 */
@Repository
class BookingPayments {

	private final JdbcClient jdbc;

	private final CheckoutMarks checkouts;

	BookingPayments(JdbcClient jdbc, CheckoutMarks checkouts) {
		this.jdbc = jdbc;
		this.checkouts = checkouts;
	}

	/**
	 * @param view a booking as the status cache or Postgres gave it
	 * @return the view with its payment; unchanged for a free event's booking and while PENDING
	 */
	BookingView withPayment(BookingView view) {
		if (view.amount() == null || view.currency() == null) {
			return view;
		}
		State state = switch (view.status()) {
			case CONFIRMED, CANCELLED, REFUNDED -> read(view);
			case HELD -> this.checkouts.isOpen(view.bookingId()) ? State.PENDING_CHECKOUT : State.NONE;
			default -> State.NONE;
		};
		return view.withPayment(new PaymentView(state, view.amount(), view.currency()));
	}

	/**
	 * The booking's own payment is the one that confirmed it; its refund, whether cancelled or paid too late, has the
	 * idempotency key {@code refund-<booking id>} (a second payment's refund has its payment's id in the key and is
	 * not the booking's).
	 */
	private State read(BookingView view) {
		return this.jdbc.sql("""
				select (select done_at is not null from refunds where idempotency_key = 'refund-' || ?) as refund_done,
				       exists (select 1 from payments where booking_id = ? and kind = 'SUCCEEDED'
				               and outcome = 'CONFIRMED') as paid""")
			.params(view.bookingId().toString(), view.bookingId())
			.query((rs, row) -> {
				boolean refundDone = rs.getBoolean("refund_done");
				if (!rs.wasNull()) {
					return refundDone ? State.REFUNDED : State.REFUND_PENDING;
				}
				return rs.getBoolean("paid") ? State.PAID : State.NONE;
			})
			.single();
	}

}
