package io.minitickets.worker.expiry;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.annotation.EnableScheduling;

/**
 * Runs {@link HoldExpirer#expireDue()} on a thread of its own ({@code hold-expiry}) when the next open hold is due,
 * and at least every {@code minitickets.holds.expiry-interval}, measured from the end of one run to the start of the
 * next: after each run it asks Postgres how long until the next hold not yet due is due
 * ({@link HoldExpirer#untilNextRun}). Waking only every interval made a hold up to the interval late before any run
 * began (docs/BENCHMARKS.md, "Expiry"). A hold written after that question is due no sooner than its event's
 * {@code hold_seconds} or {@code offer_seconds} (at least 5 s) later, so the interval's run sees it first. A failing
 * run is logged and the schedule goes on. Its own thread, not Spring's scheduler: the scheduler may run trigger tasks
 * asynchronously, overlapping runs and timing each from the previous start. Also turns on Spring's scheduling for the
 * worker's {@code @Scheduled} methods.
 */
@Configuration(proxyBeanMethods = false)
@EnableScheduling
class ExpiryScheduler implements SmartLifecycle {

	private static final Logger logger = LoggerFactory.getLogger(ExpiryScheduler.class);

	private static final Duration STOP_TIMEOUT = Duration.ofSeconds(10);

	private final HoldExpirer expirer;

	private final Duration interval;

	private @Nullable ScheduledExecutorService executor;

	ExpiryScheduler(HoldExpirer expirer, HoldProperties properties) {
		this.expirer = expirer;
		this.interval = properties.expiryInterval();
	}

	@Override
	public synchronized void start() {
		ScheduledExecutorService started = Executors
			.newSingleThreadScheduledExecutor(Thread.ofPlatform().name("hold-expiry").daemon().factory());
		this.executor = started;
		started.schedule(() -> run(started), this.interval.toNanos(), TimeUnit.NANOSECONDS);
	}

	@Override
	public synchronized void stop() {
		ScheduledExecutorService stopping = this.executor;
		this.executor = null;
		if (stopping == null) {
			return;
		}
		stopping.shutdownNow();
		try {
			if (!stopping.awaitTermination(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
				logger.warn("The hold expiry run did not end within {} of the shutdown", STOP_TIMEOUT);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	@Override
	public synchronized boolean isRunning() {
		return this.executor != null;
	}

	private void run(ScheduledExecutorService executor) {
		try {
			this.expirer.expireDue();
		}
		catch (RuntimeException ex) {
			logger.warn("Hold expiry run failed; the next one starts in at most {}", this.interval, ex);
		}
		Duration wait = this.expirer.untilNextRun(this.interval);
		if (!executor.isShutdown()) {
			executor.schedule(() -> run(executor), wait.toNanos(), TimeUnit.NANOSECONDS);
		}
	}

}
