package io.minitickets.worker.payment;

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
class Refunder {

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
