package io.minitickets.api.queue;

import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.minitickets.core.backlog.KafkaBacklog;
import org.apache.kafka.clients.admin.Admin;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.kafka.core.KafkaAdmin;
import org.springframework.stereotype.Component;

/**
 * The worker group's progress on {@code bookings.requested} as this instance last read it: one thread reads the
 * committed and end offsets from the broker's admin API every {@link QueueProperties#pollPeriod()} (a few admin
 * requests, {@link KafkaBacklog#lag()}), and every status poll reads the result. No poll ever asks the broker.
 * <p>
 * Each read is counted in {@code minitickets.queue.offset.reads}, tagged {@code result} = {@code read} or
 * {@code failed} (the broker did not answer within {@link QueueProperties#kafkaTimeout()}: the last reading stays,
 * with its time).
 */
@Component
class SettleProgress implements SmartLifecycle, WorkerProgress {

	private static final Logger logger = LoggerFactory.getLogger(SettleProgress.class);

	private final KafkaAdmin kafkaAdmin;

	private final QueueProperties properties;

	private final SettleRates rates;

	private final Counter read;

	private final Counter failed;

	private final Clock clock = Clock.systemUTC();

	private volatile @Nullable Reading latest;

	private @Nullable ScheduledExecutorService poller;

	private @Nullable Admin admin;

	SettleProgress(KafkaAdmin kafkaAdmin, QueueProperties properties, MeterRegistry registry) {
		this.kafkaAdmin = kafkaAdmin;
		this.properties = properties;
		this.rates = new SettleRates(properties.rateHalfLife(), properties.recentRateWindow());
		this.read = counter(registry, "read");
		this.failed = counter(registry, "failed");
	}

	private static Counter counter(MeterRegistry registry, String result) {
		return Counter.builder("minitickets.queue.offset.reads")
			.description("Reads of the worker group's committed offsets for queue positions, by result")
			.tag("result", result)
			.register(registry);
	}

	/**
	 * @return the latest reading, or null before the first one succeeded
	 */
	@Nullable Reading latest() {
		return this.latest;
	}

	@Override
	public WorkerProgress.@Nullable Summary summary() {
		Reading reading = this.latest;
		if (reading == null) {
			return null;
		}
		Double settled = null;
		for (PartitionProgress partition : reading.partitions().values()) {
			if (partition.ratePerSecond() != null) {
				settled = ((settled != null) ? settled : 0) + partition.ratePerSecond();
			}
		}
		return new WorkerProgress.Summary(settled, reading.recentPerSecond(), reading.throughputPerSecond(),
				reading.partitions().isEmpty() ? null : reading.recordsAhead(), reading.at());
	}

	private void poll() {
		try {
			if (this.admin == null) {
				this.admin = Admin.create(this.kafkaAdmin.getConfigurationProperties());
			}
			var lags = new KafkaBacklog(this.admin, this.properties.kafkaTimeout()).lag();
			Instant at = this.clock.instant();
			long ahead = 0;
			for (var lag : lags) {
				if (lag.committed() != null) {
					ahead += Math.max(0, lag.end() - lag.committed());
				}
			}
			this.latest = new Reading(this.rates.add(lags, at), this.rates.recentPerSecond(),
					this.rates.throughputPerSecond(), ahead, at);
			this.read.increment();
		}
		catch (RuntimeException ex) {
			this.failed.increment();
			logger.debug("Could not read the worker group's offsets for queue positions: {}", ex.toString());
		}
	}

	@Override
	public void start() {
		ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(
				Thread.ofPlatform().name("queue-offsets").daemon().factory());
		long period = this.properties.pollPeriod().toMillis();
		executor.scheduleWithFixedDelay(this::poll, 0, period, TimeUnit.MILLISECONDS);
		this.poller = executor;
	}

	@Override
	public void stop() {
		ScheduledExecutorService executor = this.poller;
		if (executor == null) {
			return;
		}
		executor.shutdownNow();
		try {
			executor.awaitTermination(5, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		if (this.admin != null) {
			this.admin.close(java.time.Duration.ofSeconds(2));
			this.admin = null;
		}
		this.poller = null;
	}

	@Override
	public boolean isRunning() {
		return this.poller != null;
	}

	/**
	 * One reading of every partition.
	 *
	 * @param partitions per partition the group committed on, its progress
	 * @param recentPerSecond the group's recent settle rate, summed over partitions; null while unmeasured
	 * @param throughputPerSecond records the group committed a second over the recent window, busy or not, summed over
	 * partitions; null before two readings
	 * @param recordsAhead records not yet settled, summed over partitions (partitions the group never committed on are
	 * not counted)
	 * @param at when the broker was read
	 */
	record Reading(Map<Integer, PartitionProgress> partitions, @Nullable Double recentPerSecond,
			@Nullable Double throughputPerSecond, long recordsAhead, Instant at) {
	}

}
