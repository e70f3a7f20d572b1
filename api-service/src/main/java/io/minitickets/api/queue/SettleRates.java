package io.minitickets.api.queue;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
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
 * honestly. But once it settles again after a stall of at least a half-life (a worker restarted, a broker back), the
 * rate is measured afresh from that interval: the stall says nothing about the resumed worker's speed, and blending
 * the two would give every customer queued in the next half-lives an ETA too long (the rate recovering as
 * {@code 1 − 2^(−t / half-life)}: twice the wait one half-life after the restart). A worker that
 * commits only every few seconds is not stalled between its commits. A committed offset that went back (an offset
 * reset, a replay) counts as no progress. Not thread-safe: one poller feeds it.
 */
final class SettleRates {

	private final double halfLifeSeconds;

	private final Map<Integer, Reading> last = new HashMap<>();

	private final Map<Integer, Weighted> weighted = new HashMap<>();

	/**
	 * @param halfLife the half-life of a sample's weight; also the shortest stall after which the rate is measured
	 * afresh
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
			Reading previous = this.last.get(lag.partition());
			Instant stalledSince = (previous != null) ? previous.stalledSince() : null;
			if (previous != null) {
				stalledSince = sample(lag.partition(), previous, committed, at);
			}
			this.last.put(lag.partition(), new Reading(committed, lag.end(), at, stalledSince));
			Weighted rate = this.weighted.get(lag.partition());
			progress.put(lag.partition(),
					new PartitionProgress(committed, lag.end(), (rate != null) ? rate.perSecond() : null));
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
