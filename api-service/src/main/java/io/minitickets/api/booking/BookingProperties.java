package io.minitickets.api.booking;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The booking path ({@code minitickets.booking.*}).
 *
 * @param sendTimeout the most a request waits for the broker's acknowledgement before it answers 503; a little above
 * the producer's {@code delivery.timeout.ms}, so the producer gives up first
 * @param unavailableRetryAfter the Retry-After of a 503 when Kafka could not take a booking
 * @param idempotencyTtl how long an Idempotency-Key and its first answer are kept (DESIGN.md: 24 h)
 * @param idempotencyClaimTtl how long a request may hold its Idempotency-Key before it has an answer: longer than the
 * slowest request ({@code sendTimeout} plus the limiter's and gate's timeouts), so only a request whose api-service
 * died outlives it; after it, a retry of the same request resumes that request's booking (it may have been sent)
 * @param pendingRecheck how often, at most, a poll of a PENDING booking checks Postgres for an outcome the worker
 * could not write to the status cache; polls in between are answered from the cache alone
 */
@ConfigurationProperties("minitickets.booking")
public record BookingProperties(@DefaultValue("6s") Duration sendTimeout,
		@DefaultValue("2s") Duration unavailableRetryAfter, @DefaultValue("24h") Duration idempotencyTtl,
		@DefaultValue("30s") Duration idempotencyClaimTtl, @DefaultValue("1s") Duration pendingRecheck) {
}
