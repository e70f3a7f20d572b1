package io.minitickets.worker.payment;

import java.util.Optional;
import java.util.UUID;

import io.minitickets.core.payment.PaymentProvider;
import io.minitickets.core.payment.PaymentProviderException;
import io.minitickets.core.payment.Refund;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

/**
 * Asks the provider for a refund recorded in {@code refunds}, and records that it was taken. Always with the row's
 * idempotency key, so however often it is asked (after the commit, then by {@link RefundRetrier}) the provider issues
 * it once. A call that fails leaves the row pending.
 */
@Component
public class Refunder {

	private static final Logger logger = LoggerFactory.getLogger(Refunder.class);

	private final ObjectProvider<PaymentProvider> provider;

	private final PaymentRepository repository;

	private final PaymentMetrics metrics;

	Refunder(ObjectProvider<PaymentProvider> provider, PaymentRepository repository, PaymentMetrics metrics) {
		this.provider = provider;
		this.repository = repository;
		this.metrics = metrics;
	}

	/**
	 * Records the refund of the payment that confirmed a booking, keyed by that payment (so at most one), with the
	 * idempotency key {@code refund-<booking id>}. Must run in the transaction that holds the booking's event row lock.
	 * @param bookingId the booking
	 * @param reason why, for the {@code refunds} row
	 * @return the refund recorded now; empty when the booking has no confirming payment (a free event's) or its
	 * payment was refunded before
	 */
	public Optional<PendingRefund> recordRefundOfBooking(UUID bookingId, String reason) {
		return this.repository.recordRefundOfConfirmingPayment(bookingId, "refund-" + bookingId, reason);
	}

	/**
	 * Counts a refund just committed as requested and asks the provider for it.
	 * @param refund a refund whose row was committed
	 * @return true when the provider took it, false when it stays pending for {@link RefundRetrier}
	 */
	public boolean requested(PendingRefund refund) {
		this.metrics.refund(RefundState.REQUESTED);
		return issue(refund);
	}

	/**
	 * @param refund a recorded refund
	 * @return true when the provider took it (and the row says so), false when it stays pending
	 */
	boolean issue(PendingRefund refund) {
		PaymentProvider payments = this.provider.getIfAvailable();
		if (payments == null) {
			logger.warn("Refund of payment {} (booking {}) stays pending: no payment provider is configured "
					+ "(minitickets.payment.api-key)", refund.providerPaymentId(), refund.bookingId());
			return false;
		}
		Refund issued;
		try {
			issued = payments.refund(refund.toRequest());
		}
		catch (PaymentProviderException ex) {
			logger.warn("Refund of payment {} (booking {}) failed, retried later: {}", refund.providerPaymentId(),
					refund.bookingId(), ex.getMessage());
			this.repository.refundFailed(refund.providerPaymentId());
			this.metrics.refund(RefundState.FAILED_ATTEMPT);
			return false;
		}
		this.repository.refundDone(refund.providerPaymentId(), issued.refundId());
		this.metrics.refund(RefundState.ISSUED);
		logger.info("Refunded payment {} of booking {}: {} {} ({})", refund.providerPaymentId(), refund.bookingId(),
				issued.amount(), issued.currency(), issued.refundId());
		return true;
	}

}
