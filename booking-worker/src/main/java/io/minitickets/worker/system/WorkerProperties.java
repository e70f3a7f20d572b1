package io.minitickets.worker.system;

import java.nio.file.Path;
import java.time.Duration;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The booking worker ({@code minitickets.worker.*}).
 *
 * @param gateSettleTimeout how long one attempt of the post-commit Valkey writes of a batch (lease settles and status
 * cache) may take; after a second failed attempt they are left to the reconciler (DESIGN.md: "retried briefly")
 * @param settledPublishTimeout how long to wait for the broker's acknowledgements of a batch's
 * {@code bookings.settled} records before the batch counts as failed and is redelivered
 * @param retryInitialInterval first back-off after a batch failed for a reason other than an unprocessable record
 * (database or broker unavailable); the back-off doubles after each failure and is never exhausted
 * @param retryMaxInterval the longest back-off between two deliveries of a failing batch
 * @param failpoint where to halt the JVM on purpose, for fault-injection runs; NONE in production
 * @param settleRateCap the most {@code bookings.requested} records settled per second, for benchmarks only (the
 * bench's {@code eta} figure needs a worker settling a backlog at a steady, known pace); 0 (the default, and any value
 * below 1) for no cap, as in production
 * @param slowdownFile a file holding a slow-down factor, re-read at most once a second, for benchmarks only (the
 * bench's {@code waitingRoom} figure slows a running worker to a third of its speed with 3); null (the default, and
 * production) for none
 */
@ConfigurationProperties("minitickets.worker")
public record WorkerProperties(@DefaultValue("1s") Duration gateSettleTimeout,
		@DefaultValue("10s") Duration settledPublishTimeout, @DefaultValue("100ms") Duration retryInitialInterval,
		@DefaultValue("5s") Duration retryMaxInterval, @DefaultValue("NONE") Failpoint failpoint,
		@DefaultValue("0") double settleRateCap, @Nullable Path slowdownFile) {

	/**
	 * A point in the settlement where a fault-injection run halts the worker, so that the worst moment is
	 * deterministic rather than a matter of luck with {@code kill -9}.
	 */
	public enum Failpoint {

		/** Never halt. */
		NONE,

		/**
		 * Halt right after a batch's first Postgres commit (one event's settling transaction), before its Valkey
		 * settles, status writes and {@code bookings.settled} records, and before the offsets are committed.
		 */
		HALT_AFTER_COMMIT,

		/**
		 * Halt right after a payment's transaction committed a change (CONFIRMED, refunded, or a failed payment
		 * recorded), before the gate, the status cache, {@code bookings.settled}, the refund call and the offset
		 * commit of {@code payments.received}: the restarted worker consumes the payment again and must apply it once.
		 */
		HALT_AFTER_PAYMENT_COMMIT

	}

}
