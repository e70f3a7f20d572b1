package io.minitickets.api.queue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.minitickets.core.status.BookingStatusCache;
import io.minitickets.core.status.QueuePlace;
import io.minitickets.core.valkey.ValkeyUnavailableException;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

/**
 * Answers a PENDING booking's queue position from {@link SettleProgress}'s latest reading, in memory: {@code ahead} =
 * the record's offset − the worker group's committed offset on its partition (never below 0), the smallest this
 * instance has answered for the booking (a committed offset that went back, after an offset reset, does not move a
 * customer back); {@code etaSeconds} = {@code ahead} ÷ the partition's settle rate, rounded up, absent while the rate
 * is unknown or zero or the partition is {@link PartitionProgress#stalled() stalled} (even with nothing ahead).
 * <p>
 * Instances read the offsets on their own schedules, so one may hold an older reading than the instance that answered
 * the booking's last poll. A position smaller than any this instance knows is therefore recorded in the booking's
 * status entry ({@link BookingStatusCache#lowerAhead}, one Valkey call, only when the position went down) before it is
 * answered, and every instance answers no more than the entry's ({@link QueuePlace#ahead()}): {@code ahead} never
 * rises, whichever instance answers. While Valkey cannot record it, the smaller position is not answered yet.
 */
@Component
public class QueuePositions {

	private final SettleProgress progress;

	private final BookingStatusCache statuses;

	private final Cache<UUID, Long> smallest;

	QueuePositions(SettleProgress progress, BookingStatusCache statuses, QueueProperties properties) {
		this.progress = progress;
		this.statuses = statuses;
		this.smallest = Caffeine.newBuilder().maximumSize(properties.remembered()).build();
	}

	/**
	 * @param bookingId a PENDING booking
	 * @param place where its record sits, and the smallest position recorded for it
	 * @return its position; null while the offsets were never read or the worker group never committed on its
	 * partition
	 */
	public @Nullable QueuePosition of(UUID bookingId, QueuePlace place) {
		SettleProgress.Reading reading = this.progress.latest();
		PartitionProgress partition = (reading != null) ? reading.partitions().get(place.partition()) : null;
		if (partition == null) {
			return null;
		}
		long measured = Math.max(0, place.offset() - partition.committed());
		long ahead = smallest(bookingId, place, measured);
		return new QueuePosition(ahead, PartitionQueue.eta(ahead, partition), reading.at());
	}

	/**
	 * Every partition's queue from the latest reading, without asking the broker.
	 * @return the reading; null while the offsets were never read
	 */
	public @Nullable QueueReading partitions() {
		SettleProgress.Reading reading = this.progress.latest();
		if (reading == null) {
			return null;
		}
		List<PartitionQueue> partitions = reading.partitions()
			.entrySet()
			.stream()
			.sorted(Map.Entry.comparingByKey())
			.map((entry) -> PartitionQueue.of(entry.getKey(), entry.getValue()))
			.toList();
		return new QueueReading(reading.at(), partitions);
	}

	/**
	 * The worker group's committed offset on each partition of the latest reading, without asking the broker: what a
	 * tick over many open streams compares with the offsets it saw before, so that it visits only the streams of a
	 * partition whose committed offset advanced (nobody's position can have gone down elsewhere).
	 * @return partition → committed offset; empty while the offsets were never read
	 */
	public Map<Integer, Long> committed() {
		SettleProgress.Reading reading = this.progress.latest();
		if (reading == null) {
			return Map.of();
		}
		Map<Integer, Long> committed = new HashMap<>();
		reading.partitions().forEach((partition, offsets) -> committed.put(partition, offsets.committed()));
		return committed;
	}

	/**
	 * Whether a PENDING booking's position may have gone below one already answered, from the latest reading alone
	 * (no cache write, no Valkey call): what a tick over many open streams asks before it builds a position.
	 * @param place where its record sits
	 * @param answered the position last answered for it
	 * @return true when the latest reading puts it below {@code answered}
	 */
	public boolean movedBelow(QueuePlace place, long answered) {
		SettleProgress.Reading reading = this.progress.latest();
		PartitionProgress partition = (reading != null) ? reading.partitions().get(place.partition()) : null;
		return partition != null && Math.max(0, place.offset() - partition.committed()) < answered;
	}

	private long smallest(UUID bookingId, QueuePlace place, long measured) {
		Long answered = this.smallest.getIfPresent(bookingId);
		Long recorded = place.ahead();
		long known = Math.min((answered != null) ? answered : Long.MAX_VALUE,
				(recorded != null) ? recorded : Long.MAX_VALUE);
		if (measured >= known) {
			return this.smallest.asMap().merge(bookingId, known, Math::min);
		}
		long lowest;
		try {
			long now = this.statuses.lowerAhead(bookingId, measured);
			lowest = (now >= 0) ? Math.min(now, measured) : measured;
		}
		catch (ValkeyUnavailableException ex) {
			// not recorded: another instance could answer more, so this one does not answer less yet
			return (known != Long.MAX_VALUE) ? known : measured;
		}
		return this.smallest.asMap().merge(bookingId, lowest, Math::min);
	}

}
