package io.minitickets.simulator.webhook;

import java.net.URI;
import java.util.concurrent.atomic.AtomicBoolean;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Logs the webhook target's state changes, not every attempt: one warning when it stops answering (2xx), one line
 * when it answers again; single failed attempts are at DEBUG. In the local stack the target may not exist yet, and
 * retries would otherwise fill the log.
 */
final class WebhookTargetLog {

	private static final Logger logger = LoggerFactory.getLogger(WebhookTargetLog.class);

	private final URI target;

	private final AtomicBoolean failing = new AtomicBoolean();

	WebhookTargetLog(URI target) {
		this.target = target;
	}

	void succeeded() {
		if (this.failing.compareAndSet(true, false)) {
			logger.info("Webhook target {} answers again", this.target);
		}
	}

	void failed(@Nullable Integer status, @Nullable String error, int attempts, int limit) {
		String what = (status != null) ? "HTTP " + status : String.valueOf(error);
		if (this.failing.compareAndSet(false, true)) {
			logger.warn("Webhook target {} does not answer 2xx ({}); each delivery is retried up to {} attempts "
					+ "(GET /sim/deliveries shows them), and this log is quiet until it answers", this.target, what,
					limit);
		}
		else {
			logger.debug("Webhook attempt {} to {} failed: {}", attempts, this.target, what);
		}
	}

	void gaveUp(Delivery delivery) {
		logger.info("Gave up delivering {} {} (booking {}) after {} attempts; last: {}", delivery.type(),
				delivery.eventId(), delivery.bookingId(), delivery.attempts(),
				(delivery.lastStatus() != null) ? "HTTP " + delivery.lastStatus() : delivery.lastError());
	}

}
