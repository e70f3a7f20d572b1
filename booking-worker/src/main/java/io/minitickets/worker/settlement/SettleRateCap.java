package io.minitickets.worker.settlement;

import java.util.concurrent.locks.LockSupport;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;

import io.minitickets.worker.system.WorkerProperties;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * Paces the listener's batches to {@link WorkerProperties#settleRateCap()} records a second, for benchmarks only (the
 * bench's {@code eta} figure, and the {@code waitingRoom} figure's auto rush, whose slow-down divides the cap): before a
 * batch is settled it waits until the records admitted before it are worth that long at the cap, so a backlog drains at
 * a steady, known rate. A worker that was idle does not save up a burst. Without a cap (the default, and production) it
 * never waits. Called on the listener's one thread.
 */
@Component
class SettleRateCap {

	private final double perSecond;

	private final LongSupplier nanoTime;

	private final LongConsumer pause;

	/** When the next batch may start, in {@link #nanoTime} units; 0 before the first. */
	private long nextStart;

	@Autowired
	SettleRateCap(WorkerProperties properties) {
		this(properties.settleRateCap(), System::nanoTime, LockSupport::parkNanos);
	}

	/**
	 * @param perSecond records a second at most; below 1 for no cap
	 * @param nanoTime the clock, in ns
	 * @param pause how to wait the given ns
	 */
	SettleRateCap(double perSecond, LongSupplier nanoTime, LongConsumer pause) {
		this.perSecond = perSecond;
		this.nanoTime = nanoTime;
		this.pause = pause;
	}

	/**
	 * Waits until a batch of {@code records} may be settled under the cap; returns at once without one.
	 * @param records the batch's records
	 * @param slowdown the bench's slow-down factor now ({@link SettleSlowdown#factor()}, at least 1): the cap is divided
	 * by it, so that a capped worker slowed to a third settles at a third of its cap
	 */
	void admit(int records, double slowdown) {
		if (this.perSecond < 1) {
			return;
		}
		long now = this.nanoTime.getAsLong();
		long start = Math.max(now, this.nextStart);
		while (now < start) {
			this.pause.accept(start - now);
			now = this.nanoTime.getAsLong();
		}
		this.nextStart = start + (long) (records * 1e9 * Math.max(1, slowdown) / this.perSecond);
	}

}
