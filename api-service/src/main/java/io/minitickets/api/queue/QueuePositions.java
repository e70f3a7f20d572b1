package io.minitickets.api.queue;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.minitickets.core.status.QueuePlace;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

/**
 * Answers a PENDING booking's queue position from {@link SettleProgress}'s latest reading, in memory: {@code ahead} =
 * the record's offset − the worker group's committed offset on its partition (never below 0), the smallest this
 * instance has answered for the booking (a committed offset that went back, after an offset reset, does not move a
 * customer back); {@code etaSeconds} = {@code ahead} ÷ the partition's settle rate, rounded up.
 */
@Component
public class QueuePositions {

	private final SettleProgress progress;

	private final Cache<UUID, Long> smallest;

	QueuePositions(SettleProgress progress, QueueProperties properties) {
		this.progress = progress;
		this.smallest = Caffeine.newBuilder().maximumSize(properties.remembered()).build();
	}

	/**
	 * @param bookingId a PENDING booking
	 * @param place where its record sits
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
		long ahead = this.smallest.asMap().merge(bookingId, measured, Math::min);
		return new QueuePosition(ahead, PartitionQueue.eta(ahead, partition.ratePerSecond()), reading.at());
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

}
