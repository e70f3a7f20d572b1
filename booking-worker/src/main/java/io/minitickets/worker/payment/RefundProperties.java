package io.minitickets.worker.payment;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The worker's refund retries ({@code minitickets.refunds.*}).
 *
 * @param retryInterval how often pending refunds are asked for again
 * @param retryAfter how old a pending refund must be before the retrier takes it (younger ones are being issued by
 * the worker that recorded them, right after its commit)
 * @param batch the most pending refunds one run asks for
 */
@ConfigurationProperties("minitickets.refunds")
record RefundProperties(@DefaultValue("30s") Duration retryInterval, @DefaultValue("10s") Duration retryAfter,
		@DefaultValue("100") int batch) {
}
