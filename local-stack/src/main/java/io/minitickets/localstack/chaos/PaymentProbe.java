package io.minitickets.localstack.chaos;

import java.time.Duration;

import org.jspecify.annotations.Nullable;

/**
 * A customer of the round's paid probe event (seats to spare, no load on it), so that a payment fault row makes its
 * own precondition certain: a hold paid through the payment simulator, a paid booking cancelled while the provider is
 * down. The implementation records each booking with the phase's answers, so the run's checks (settled, oversold,
 * seat conservation, money) cover the probe's bookings too.
 */
public interface PaymentProbe {

	/**
	 * Books one seat and waits (bounded) until the booking is HELD.
	 * @return the booking's id, or null when no booking became HELD in time
	 */
	@Nullable String hold();

	/**
	 * Asks api-service for the booking's checkout ({@code POST /api/bookings/{id}/payment}).
	 * @param bookingId a HELD booking of the probe's
	 * @return the checkout's id, or null when api-service did not answer 201
	 */
	@Nullable String checkout(String bookingId);

	/**
	 * Cancels a booking ({@code POST /api/bookings/{id}/cancellation}).
	 * @param bookingId a booking of the probe's
	 * @return the HTTP status, 202 when recorded
	 */
	int cancel(String bookingId);

	/**
	 * Waits until {@code GET /api/bookings/{id}} shows a status and payment state.
	 * @param bookingId a booking of the probe's
	 * @param status the booking's status, for example {@code CONFIRMED}
	 * @param paymentState its {@code payment.state}, for example {@code PAID} or {@code REFUNDED}
	 * @param within how long to wait
	 * @return true when it showed them in time
	 */
	boolean awaitState(String bookingId, String status, String paymentState, Duration within);

}
