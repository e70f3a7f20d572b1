package io.minitickets.api.queue;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.minitickets.core.backlog.PartitionLag;

/**
 * Turns successive readings of the worker group's offsets into each partition's settle rate: an exponentially
 * weighted moving average of the committed offset's advance per second, with the weight of a sample
 * {@code 1 − 2^(−elapsed / half-life)} (so uneven poll intervals weigh by their length).
 * <p>
 * Only intervals that began with records waiting count: an idle partition says nothing about the worker's speed, so
 * its rate is kept, not pulled towards zero. A stalled worker with a backlog does pull it down, and the ETA rises
 * honestly. A committed offset that went back (an offset reset, a replay) counts as no progress. Not thread-safe: one
 * poller feeds it.
 */
final class SettleRates {

	private final double halfLifeSeconds;

	private final Map<Integer, Reading> last = new HashMap<>();

	private final Map<Integer, Double> rates = new HashMap<>();

	/**
	 * @param halfLife the half-life of a sample's weight
	 */
	SettleRates(Duration halfLife) {
		this.halfLifeSeconds = Math.max(0.001, halfLife.toNanos() / 1e9);
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
			Reading previous = this.last.put(lag.partition(), new Reading(committed, lag.end(), at));
			if (previous != null) {
				sample(lag.partition(), previous, committed, at);
			}
			progress.put(lag.partition(), new PartitionProgress(committed, lag.end(), this.rates.get(lag.partition())));
		}
		return progress;
	}

	private void sample(int partition, Reading previous, long committed, Instant at) {
		double seconds = Duration.between(previous.at(), at).toNanos() / 1e9;
		if (seconds <= 0 || previous.end() <= previous.committed()) {
			return;
		}
		double sample = Math.max(0, committed - previous.committed()) / seconds;
		double weight = 1 - Math.pow(2, -seconds / this.halfLifeSeconds);
		Double rate = this.rates.get(partition);
		this.rates.put(partition, (rate == null) ? sample : rate + weight * (sample - rate));
	}

	private record Reading(long committed, long end, Instant at) {
	}

}
