package io.minitickets.worker.payment;

import java.util.UUID;

import io.minitickets.core.payment.RefundRequest;

/**
 * A refund recorded in {@code refunds} and not yet taken by the provider.
 *
 * @param providerPaymentId the payment refunded (the row's key: one refund per payment)
 * @param bookingId the booking it was for
 * @param idempotencyKey what the provider is asked with, every time: {@code refund-<booking id>} for a booking's own
 * payment, {@code refund-<payment id>} for a second payment of a booking already paid
 * @param amount minor units
 */
public record PendingRefund(String providerPaymentId, UUID bookingId, String idempotencyKey, long amount) {

	RefundRequest toRequest() {
		return new RefundRequest(this.bookingId.toString(), this.providerPaymentId, this.amount, this.idempotencyKey);
	}

}
