package io.minitickets.ops.replay;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import io.minitickets.ops.replay.OffsetRanges.OffsetSpan;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;

/**
 * Reads given offset ranges of a topic with a consumer of no group (nothing is committed) and keeps the records a
 * filter accepts.
 */
final class TopicReader {

	private TopicReader() {
	}

	/**
	 * @param consumer a consumer of no group
	 * @param spans what to read, per partition
	 * @param filter which records to keep (its event and booking filters; the failure filter needs Postgres)
	 * @param timeout the longest the whole read may take
	 * @return how many records were read and those kept, in partition then offset order
	 * @throws IllegalStateException when the read does not reach the ends in time (the broker is unreachable)
	 */
	static Read read(KafkaConsumer<byte[], byte[]> consumer, Map<TopicPartition, OffsetSpan> spans,
			ReplayFilter filter, Duration timeout) {
		List<TopicPartition> toRead = spans.entrySet()
			.stream()
			.filter((entry) -> !entry.getValue().isEmpty())
			.map(Map.Entry::getKey)
			.toList();
		List<SourceRecord> kept = new ArrayList<>();
		int read = 0;
		if (toRead.isEmpty()) {
			return new Read(0, kept);
		}
		consumer.assign(toRead);
		toRead.forEach((tp) -> consumer.seek(tp, spans.get(tp).start()));
		Instant deadline = Instant.now().plus(timeout);
		while (!toRead.stream().allMatch((tp) -> consumer.position(tp) >= spans.get(tp).end())) {
			if (Instant.now().isAfter(deadline)) {
				throw new IllegalStateException("reading " + spans + " did not finish within " + timeout);
			}
			for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(200))) {
				TopicPartition tp = new TopicPartition(record.topic(), record.partition());
				if (record.offset() < spans.get(tp).end()) {
					read++;
					SourceRecord source = SourceRecord.of(record);
					if (filter.matchesRecord(source)) {
						kept.add(source);
					}
				}
			}
		}
		kept.sort(Comparator.comparingInt((SourceRecord source) -> source.record().partition())
			.thenComparingLong((source) -> source.record().offset()));
		return new Read(read, kept);
	}

	/**
	 * @param records how many records were read
	 * @param matching those the filter kept
	 */
	record Read(int records, List<SourceRecord> matching) {
	}

}
