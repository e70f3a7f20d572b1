package io.minitickets.api.booking;

import java.util.UUID;

import io.minitickets.api.ApiClient;
import io.minitickets.api.ApiIntegrationTest;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code GET /api/bookings/{id}} shows a paid event's booking's payment state, read from Postgres's {@code payments}
 * and {@code refunds}; a free event's booking has no payment member.
 */
class BookingPaymentStateIntegrationTests extends ApiIntegrationTest {

	private final long userId = Math.abs(UUID.randomUUID().getMostSignificantBits() % 1_000_000_000L) + 1;

	@Test
	void aHeldBookingIsNotPaid() {
		JsonNode payment = paymentOf(paidBooking("HELD"));

		assertThat(payment.get("state").asString()).isEqualTo("NONE");
		assertThat(payment.get("amount").asLong()).isEqualTo(5000);
		assertThat(payment.get("currency").asString()).isEqualTo("EUR");
	}

	@Test
	void aConfirmedBookingWithItsPaymentIsPaid() {
		UUID bookingId = paidBooking("CONFIRMED");
		payment(bookingId);

		assertThat(paymentOf(bookingId).get("state").asString()).isEqualTo("PAID");
	}

	@Test
	void aCancelledBookingsRefundIsPendingThenRefunded() {
		UUID bookingId = paidBooking("CANCELLED");
		String paymentId = payment(bookingId);
		this.jdbc.sql("""
				insert into refunds (provider_payment_id, booking_id, idempotency_key, amount, currency, reason)
				values (?, ?, ?, 5000, 'EUR', 'cancelled by the customer')""")
			.params(paymentId, bookingId, "refund-" + bookingId)
			.update();

		assertThat(paymentOf(bookingId).get("state").asString()).isEqualTo("REFUND_PENDING");
		this.jdbc.sql("update refunds set done_at = now() where provider_payment_id = ?").param(paymentId).update();
		assertThat(paymentOf(bookingId).get("state").asString()).isEqualTo("REFUNDED");
	}

	@Test
	void aFreeBookingHasNoPayment() {
		UUID bookingId = UUID.randomUUID();
		this.jdbc.sql("""
				insert into bookings (id, event_id, user_id, quantity, status, gated, requested_at)
				values (?, ?, ?, 2, 'CONFIRMED', true, now())""")
			.params(bookingId, createOpenEvent(10), this.userId)
			.update();

		JsonNode booking = ApiClient.json(this.api.get("/api/bookings/" + bookingId, mint(this.userId)));

		assertThat(booking.get("status").asString()).isEqualTo("CONFIRMED");
		assertThat(booking.has("payment")).isFalse();
	}

	private JsonNode paymentOf(UUID bookingId) {
		var response = this.api.get("/api/bookings/" + bookingId, mint(this.userId));
		assertThat(response.statusCode()).isEqualTo(200);
		return ApiClient.json(response).get("payment");
	}

	private UUID paidBooking(String status) {
		long eventId = createOpenEvent(10);
		this.jdbc.sql("update events set price = 2500, currency = 'EUR' where id = ?").param(eventId).update();
		UUID bookingId = UUID.randomUUID();
		this.jdbc.sql("""
				insert into bookings (id, event_id, user_id, quantity, status, gated, requested_at, hold_expires_at,
				                      amount, currency)
				values (?, ?, ?, 2, ?, true, now(), now() + interval '10 minutes', 5000, 'EUR')""")
			.params(bookingId, eventId, this.userId, status)
			.update();
		return bookingId;
	}

	private String payment(UUID bookingId) {
		String paymentId = "pi_" + UUID.randomUUID();
		this.jdbc.sql("""
				insert into payments (provider_event_id, booking_id, provider_payment_id, amount, currency, kind, outcome)
				values (?, ?, ?, 5000, 'EUR', 'SUCCEEDED', 'CONFIRMED')""")
			.params("evt_" + UUID.randomUUID(), bookingId, paymentId)
			.update();
		return paymentId;
	}

}
