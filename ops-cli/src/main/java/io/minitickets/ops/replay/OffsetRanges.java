package io.minitickets.ops.replay;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.function.Function;
import java.util.stream.Collectors;

import io.minitickets.ops.system.BadUsageException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListOffsetsResult.ListOffsetsResultInfo;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.jspecify.annotations.Nullable;

/**
 * Turns a {@link RangeRequest} into offsets per partition, checked against the broker: the topic and partition exist
 * and the offsets are inside the log.
 */
final class OffsetRanges {

	private OffsetRanges() {
	}

	/**
	 * The offsets to read, per partition.
	 * @param admin the broker
	 * @param topic the source topic
	 * @param request what the operator asked for, already {@link RangeRequest#validate validated}
	 * @return partition → [start, end) in partition order; a partition with nothing to read has start = end
	 * @throws BadUsageException when the topic or partition does not exist or an offset is outside the log
	 * @throws IllegalStateException when the broker cannot be asked
	 */
	static Map<TopicPartition, OffsetSpan> resolve(Admin admin, String topic, RangeRequest request) {
		List<TopicPartition> partitions = partitions(admin, topic, request.partition());
		Map<TopicPartition, Long> earliest = offsets(admin, partitions, (tp) -> OffsetSpec.earliest());
		Map<TopicPartition, Long> latest = offsets(admin, partitions, (tp) -> OffsetSpec.latest());
		Map<TopicPartition, OffsetSpan> spans = new LinkedHashMap<>();
		for (TopicPartition partition : partitions) {
			long logStart = earliest.get(partition);
			long logEnd = latest.get(partition);
			long start = (request.fromOffset() != null) ? request.fromOffset() : logStart;
			long end = (request.toOffset() != null) ? request.toOffset() + 1 : logEnd;
			if (start < logStart || end > logEnd) {
				throw new BadUsageException("offsets " + start + ".." + (end - 1) + " are outside the log of "
						+ partition + ", which holds " + ((logEnd > logStart)
								? "offsets " + logStart + ".." + (logEnd - 1) : "no records (log end " + logEnd + ")"));
			}
			spans.put(partition, new OffsetSpan(start, end));
		}
		if (request.from() != null) {
			Map<TopicPartition, Long> starts = timeOffsets(admin, partitions, request.from(), latest);
			Map<TopicPartition, Long> ends = (request.to() != null) ? timeOffsets(admin, partitions, request.to(), latest)
					: latest;
			partitions.forEach((tp) -> spans.put(tp, new OffsetSpan(starts.get(tp), Math.max(starts.get(tp),
					ends.get(tp)))));
		}
		else if (request.to() != null) {
			Map<TopicPartition, Long> ends = timeOffsets(admin, partitions, request.to(), latest);
			partitions.forEach((tp) -> spans.put(tp, new OffsetSpan(earliest.get(tp), ends.get(tp))));
		}
		return spans;
	}

	private static List<TopicPartition> partitions(Admin admin, String topic, @Nullable Integer partition) {
		List<TopicPartition> all;
		try {
			all = admin.describeTopics(List.of(topic))
				.allTopicNames()
				.get()
				.get(topic)
				.partitions()
				.stream()
				.map((info) -> new TopicPartition(topic, info.partition()))
				.toList();
		}
		catch (ExecutionException ex) {
			if (ex.getCause() instanceof UnknownTopicOrPartitionException) {
				throw new BadUsageException("topic " + topic + " does not exist");
			}
			throw new IllegalStateException("Kafka could not describe " + topic + ": " + ex.getCause(), ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted", ex);
		}
		if (partition == null) {
			return all;
		}
		TopicPartition one = new TopicPartition(topic, partition);
		if (!all.contains(one)) {
			throw new BadUsageException("topic " + topic + " has no partition " + partition + " (it has "
					+ all.size() + ": 0.." + (all.size() - 1) + ")");
		}
		return List.of(one);
	}

	private static Map<TopicPartition, Long> timeOffsets(Admin admin, List<TopicPartition> partitions, Instant time,
			Map<TopicPartition, Long> latest) {
		Map<TopicPartition, Long> found = offsets(admin, partitions,
				(tp) -> OffsetSpec.forTimestamp(time.toEpochMilli()));
		// no record at or after the time: the offset is the log end
		return partitions.stream()
			.collect(Collectors.toMap((tp) -> tp, (tp) -> (found.get(tp) >= 0) ? found.get(tp) : latest.get(tp)));
	}

	private static Map<TopicPartition, Long> offsets(Admin admin, List<TopicPartition> partitions,
			Function<TopicPartition, OffsetSpec> spec) {
		try {
			Map<TopicPartition, ListOffsetsResultInfo> infos = admin
				.listOffsets(partitions.stream().collect(Collectors.toMap((tp) -> tp, spec)))
				.all()
				.get();
			return infos.entrySet().stream().collect(Collectors.toMap(Map.Entry::getKey, (e) -> e.getValue().offset()));
		}
		catch (ExecutionException ex) {
			throw new IllegalStateException("Kafka could not list offsets: " + ex.getCause(), ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted", ex);
		}
	}

	/**
	 * Offsets of one partition to read.
	 *
	 * @param start the first, inclusive
	 * @param end one past the last
	 */
	record OffsetSpan(long start, long end) {

		boolean isEmpty() {
			return this.start >= this.end;
		}

	}

}
