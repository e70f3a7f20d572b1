package io.minitickets.api.queue;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import io.minitickets.core.backlog.PartitionLag;
import org.jspecify.annotations.Nullable;

/**
 * Turns successive readings of the worker group's offsets into each partition's settle rate: records settled over
 * time, both exponentially weighted by age (a record or a second measured one half-life ago weighs half as much as one
 * measured now), so that uneven poll intervals weigh by their length and the first interval measured is exact.
 * <p>
 * Only intervals that began with records waiting count: an idle partition says nothing about the worker's speed, so
 * its rate is kept, not pulled towards zero. A stalled worker with a backlog does pull it down, and the ETA rises
 * honestly; once the stall has lasted a half-life the partition is reported {@link PartitionProgress#stalled()
 * stalled}: the worker settles nothing, and no ETA is answered. But once it settles again after a stall of at least
 * a half-life (a worker restarted, a broker back), the rate is measured afresh from that interval: the stall says
 * nothing about the resumed worker's speed, and blending the two would give every customer queued in the next
 * half-lives an ETA too long (the rate recovering as {@code 1 − 2^(−t / half-life)}: twice the wait one half-life
 * after the restart). A worker that
 * commits only every few seconds is not stalled between its commits. A committed offset that went back (an offset
 * reset, a replay) counts as no progress.
 * <p>
 * Beside it, a recent rate for {@code auto} admission: per partition, the records settled over about the last
 * {@code recentWindow} during which every reading found records waiting (the worker busy, so the records settled are its
 * speed, not the arrivals'), summed over partitions. It sees a worker slowed within that window, where the smoothed rate
 * takes its half-life; a reading that finds the partition caught up keeps the last one.
 * <p>
 * And the throughput: records the group committed a second over about the last {@code recentWindow}, summed over
 * partitions, <em>whether or not</em> records waited: what the pipeline delivered. While the worker keeps up it is what
 * was admitted a delivery delay earlier (the recent rate is not refreshed then); once the worker is the bottleneck it
 * is at most the worker's speed. {@code auto} admission bounds its growth by it. Not thread-safe: one poller feeds it.
 */
final class SettleRates {

	private final double halfLifeSeconds;

	private final Map<Integer, Reading> last = new HashMap<>();

	private final Map<Integer, Weighted> weighted = new HashMap<>();

	private final Duration recentWindow;

	/** Per partition, its readings since it was last caught up, the oldest at least {@link #recentWindow} old. */
	private final Map<Integer, Deque<Reading>> busy = new HashMap<>();

	private final Map<Integer, Double> recent = new HashMap<>();

	/** Per partition, its readings over the last {@link #recentWindow}, busy or not, the oldest at least that old. */
	private final Map<Integer, Deque<Reading>> window = new HashMap<>();

	/**
	 * @param halfLife the half-life of a sample's weight; also the shortest stall after which the rate is measured
	 * afresh
	 * @param recentWindow how far back the recent rate reaches
	 */
	SettleRates(Duration halfLife, Duration recentWindow) {
		this.halfLifeSeconds = Math.max(0.001, halfLife.toNanos() / 1e9);
		this.recentWindow = recentWindow;
	}

	/**
	 * @return records settled a second over the recent window, summed over the partitions that have a recent rate; null
	 * while none has (fewer than two readings in a row that found records waiting)
	 */
	@Nullable Double recentPerSecond() {
		return this.recent.isEmpty() ? null : this.recent.values().stream().mapToDouble(Double::doubleValue).sum();
	}

	/**
	 * @return records committed a second over about the last {@code recentWindow} (the span from the oldest reading
	 * in it, at least that long ago, to the latest), summed over partitions, whether or not records waited; a committed
	 * offset that went back counts as none; null while no partition has two readings
	 */
	@Nullable Double throughputPerSecond() {
		Double sum = null;
		for (Deque<Reading> readings : this.window.values()) {
			Reading first = readings.getFirst();
			Reading latest = readings.getLast();
			double seconds = Duration.between(first.at(), latest.at()).toNanos() / 1e9;
			if (seconds > 0) {
				sum = ((sum != null) ? sum : 0) + Math.max(0, latest.committed() - first.committed()) / seconds;
			}
		}
		return sum;
	}

	/**
	 * Takes one reading of every partition and answers each partition's progress.
	 * @param lags the group's position per partition, as read at {@code at}
	 * @param at when it was read
	 * @return per partition with a committed offset, its progress; partitions the group never committed are absent
	 */
	Map<Integer, PartitionProgress> add(List<PartitionLag> lags, Instant at) {
		Map<Integer, PartitionProgress> progress = new HashMap<>();
		for (PartitionLag lag : lags) {
			Long committed = lag.committed();
			if (committed == null) {
				continue;
			}
			Reading previous = this.last.get(lag.partition());
			Instant stalledSince = (previous != null) ? previous.stalledSince() : null;
			if (previous != null) {
				stalledSince = sample(lag.partition(), previous, committed, at);
			}
			Reading reading = new Reading(committed, lag.end(), at, stalledSince);
			this.last.put(lag.partition(), reading);
			recent(lag.partition(), reading);
			window(this.window.computeIfAbsent(lag.partition(), (key) -> new ArrayDeque<>()), reading);
			Weighted rate = this.weighted.get(lag.partition());
			boolean stalled = stalledSince != null
					&& Duration.between(stalledSince, at).toNanos() / 1e9 >= this.halfLifeSeconds;
			progress.put(lag.partition(),
					new PartitionProgress(committed, lag.end(), (rate != null) ? rate.perSecond() : null, stalled));
		}
		return progress;
	}

	/**
	 * Adds the interval since {@code previous} when it began with records waiting.
	 * @return since when the partition has been stalled (records waiting, none settled) as of {@code at}; null when it
	 * is not
	 */
	private @Nullable Instant sample(int partition, Reading previous, long committed, Instant at) {
		double seconds = Duration.between(previous.at(), at).toNanos() / 1e9;
		if (seconds <= 0 || previous.end() <= previous.committed()) {
			return null;
		}
		long settled = Math.max(0, committed - previous.committed());
		Instant stalledSince = previous.stalledSince();
		if (settled == 0) {
			stalledSince = (stalledSince != null) ? stalledSince : previous.at();
		}
		else if (stalledSince != null
				&& Duration.between(stalledSince, previous.at()).toNanos() / 1e9 >= this.halfLifeSeconds) {
			this.weighted.remove(partition);
			stalledSince = null;
		}
		else {
			stalledSince = null;
		}
		double decay = Math.pow(2, -seconds / this.halfLifeSeconds);
		this.weighted.merge(partition, new Weighted(settled, seconds),
				(old, added) -> new Weighted(old.records() * decay + added.records(),
						old.seconds() * decay + added.seconds()));
		return stalledSince;
	}

	/** Adds a reading to the partition's busy run, or ends the run when it found the partition caught up. */
	private void recent(int partition, Reading reading) {
		if (reading.end() <= reading.committed()) {
			this.busy.remove(partition);
			return;
		}
		Deque<Reading> run = this.busy.computeIfAbsent(partition, (key) -> new ArrayDeque<>());
		window(run, reading);
		Reading first = run.getFirst();
		double seconds = Duration.between(first.at(), reading.at()).toNanos() / 1e9;
		if (seconds > 0) {
			this.recent.put(partition, Math.max(0, reading.committed() - first.committed()) / seconds);
		}
	}

	/** Adds a reading to {@code readings}, keeping the latest one at least {@link #recentWindow} old and those since. */
	private void window(Deque<Reading> readings, Reading reading) {
		readings.addLast(reading);
		Instant from = reading.at().minus(this.recentWindow);
		while (readings.size() > 1 && !second(readings).at().isAfter(from)) {
			readings.removeFirst();
		}
	}

	private static Reading second(Deque<Reading> run) {
		Iterator<Reading> readings = run.iterator();
		readings.next();
		return readings.next();
	}

	/**
	 * @param committed the committed offset read
	 * @param end the end offset read
	 * @param at when
	 * @param stalledSince since when records were waiting and none was settled; null when settling
	 */
	private record Reading(long committed, long end, Instant at, @Nullable Instant stalledSince) {
	}

	/**
	 * @param records records settled, weighted by age
	 * @param seconds seconds measured, weighted by age
	 */
	private record Weighted(double records, double seconds) {

		@Nullable Double perSecond() {
			return (this.seconds > 0) ? this.records / this.seconds : null;
		}

	}

}
