package io.minitickets.worker.settlement;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;

import io.minitickets.worker.system.WorkerProperties;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * Slows the listener down at run time, for benchmarks only (the bench's {@code waitingRoom} figure slows a running
 * worker to a third of its speed mid-sale): after a batch that took {@code t} it waits {@code (factor − 1) × t}, the
 * factor read from {@link WorkerProperties#slowdownFile()} at most once a second (a number of at least 1; 3 settles at
 * a third of the speed). Without a file named (the default, and production), while the file is missing or when it
 * holds no such number, it never waits. Called on the listener's one thread.
 */
@Component
class SettleSlowdown {

	private static final long REREAD_NANOS = 1_000_000_000L;

	private final @Nullable Path file;

	private final LongSupplier nanoTime;

	private final LongConsumer pause;

	private double factor = 1;

	/** When the file was last read, in {@link #nanoTime} units; null before the first read. */
	private @Nullable Long readAt;

	@Autowired
	SettleSlowdown(WorkerProperties properties) {
		this(properties.slowdownFile(), System::nanoTime, LockSupport::parkNanos);
	}

	/**
	 * @param file the file holding the factor; null for none
	 * @param nanoTime the clock, in ns
	 * @param pause how to wait the given ns
	 */
	SettleSlowdown(@Nullable Path file, LongSupplier nanoTime, LongConsumer pause) {
		this.file = file;
		this.nanoTime = nanoTime;
		this.pause = pause;
	}

	/**
	 * Waits as the factor says after a batch; returns at once without a slow-down.
	 * @param batchNanos how long the batch took to settle, ns
	 */
	void after(long batchNanos) {
		double now = factor();
		if (now > 1) {
			this.pause.accept((long) ((now - 1) * batchNanos));
		}
	}

	/**
	 * @return the slow-down factor now (at least 1; 1 without a file named, while it is missing or unreadable), the file
	 * read at most once a second; the settle-rate cap divides by it too ({@link SettleRateCap#admit})
	 */
	double factor() {
		if (this.file == null) {
			return 1;
		}
		long now = this.nanoTime.getAsLong();
		if (this.readAt == null || now - this.readAt >= REREAD_NANOS) {
			this.factor = read(this.file);
			this.readAt = now;
		}
		return this.factor;
	}

	private static double read(Path file) {
		try {
			double factor = Double.parseDouble(Files.readString(file).trim());
			return (factor >= 1) ? factor : 1;
		}
		catch (IOException | NumberFormatException ex) {
			return 1;
		}
	}

}
