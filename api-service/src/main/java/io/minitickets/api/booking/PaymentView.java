package io.minitickets.api.booking;

/**
 * The payment side of a paid event's booking, as {@code GET /api/bookings/{id}} shows it.
 *
 * @param state where the booking's own payment is
 * @param amount what the booking costs, in minor units of {@code currency} (price × quantity, copied at settle time)
 * @param currency ISO 4217 code
 */
record PaymentView(State state, long amount, String currency) {

	/**
	 * Where a booking's own payment is, read from Postgres's {@code payments} and {@code refunds} (and, while HELD,
	 * from the checkout's mark in Valkey).
	 */
	enum State {

		/** No successful payment applied (HELD or EXPIRED unpaid; a declined payment changes nothing). */
		NONE,

		/** HELD, its checkout opened with the provider and no payment applied yet (read from Valkey's mark). */
		PENDING_CHECKOUT,

		/** Paid: the payment that confirmed the booking, not refunded. */
		PAID,

		/** Its payment's refund is recorded and the provider has not taken it yet (retried until it does). */
		REFUND_PENDING,

		/** Its payment was refunded by the provider (cancelled, or paid after its hold expired with the seats gone). */
		REFUNDED

	}

}
