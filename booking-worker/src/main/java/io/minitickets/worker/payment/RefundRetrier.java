package io.minitickets.worker.payment;

import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Issues again, every {@link RefundProperties#retryInterval()}, the refunds still pending: recorded at least
 * {@link RefundProperties#retryAfter()} ago and not taken by the provider (it was down, or the worker stopped between
 * the commit and the call). The idempotency key makes a refund that did go through come back as the same refund.
 */
@Component
public class RefundRetrier {

	private static final Logger logger = LoggerFactory.getLogger(RefundRetrier.class);

	private final PaymentRepository repository;

	private final Refunder refunder;

	private final RefundProperties properties;

	RefundRetrier(PaymentRepository repository, Refunder refunder, RefundProperties properties) {
		this.repository = repository;
		this.refunder = refunder;
		this.properties = properties;
	}

	/**
	 * @return how many pending refunds the provider took in this run
	 */
	@Scheduled(fixedDelayString = "${minitickets.refunds.retry-interval:30s}",
			initialDelayString = "${minitickets.refunds.retry-interval:30s}")
	public int retryPending() {
		List<PendingRefund> pending = this.repository.pendingRefunds(this.properties.retryAfter(),
				this.properties.batch());
		int issued = 0;
		for (PendingRefund refund : pending) {
			if (this.refunder.issue(refund)) {
				issued++;
			}
		}
		if (!pending.isEmpty()) {
			logger.info("Refund retry: {} of {} pending refunds issued", issued, pending.size());
		}
		return issued;
	}

}
