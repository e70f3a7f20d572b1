package io.minitickets.worker.payment;

import org.jspecify.annotations.Nullable;

/**
 * What one payment's transaction decided, for what runs after its commit.
 *
 * @param outcome what it did
 * @param changed the booking's new state when its status changed (to announce); null when it did not
 * @param refund the refund it recorded, to issue now; null when none
 */
record AppliedPayment(PaymentOutcome outcome, @Nullable PaidBooking changed, @Nullable PendingRefund refund) {

	static AppliedPayment unchanged(PaymentOutcome outcome) {
		return new AppliedPayment(outcome, null, null);
	}

}
