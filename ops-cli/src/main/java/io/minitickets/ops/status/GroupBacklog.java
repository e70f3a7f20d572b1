package io.minitickets.ops.status;

import java.util.List;

import io.minitickets.core.backlog.KafkaBacklog;
import io.minitickets.core.backlog.PartitionLag;
import io.minitickets.core.messaging.BookingTopics;
import org.jspecify.annotations.Nullable;

/**
 * What waits on one of the worker's side paths: its consumer group's lag on its topic and its dead letters
 * ({@code payments.received}, {@code cancellations.requested}, which also carries operators' refunds by hand).
 *
 * @param group the consumer group
 * @param topic the topic it consumes
 * @param deadLetterTopic its dead-letter topic
 * @param lag records not yet applied, summed over the partitions; null when the topic does not exist yet (no
 * api-service of this version has started)
 * @param deadLetters records in the dead-letter topic; null when it does not exist
 */
record GroupBacklog(String group, String topic, String deadLetterTopic, @Nullable Long lag,
		@Nullable Long deadLetters) {

	/**
	 * @param backlog the broker's view
	 * @return the payment applier's backlog
	 */
	static GroupBacklog payments(KafkaBacklog backlog) {
		return read(backlog, BookingTopics.PAYMENTS_GROUP, BookingTopics.PAYMENTS_RECEIVED,
				BookingTopics.PAYMENTS_RECEIVED_DLT);
	}

	/**
	 * @param backlog the broker's view
	 * @return the cancellation applier's backlog
	 */
	static GroupBacklog cancellations(KafkaBacklog backlog) {
		return read(backlog, BookingTopics.CANCELLATIONS_GROUP, BookingTopics.CANCELLATIONS_REQUESTED,
				BookingTopics.CANCELLATIONS_REQUESTED_DLT);
	}

	private static GroupBacklog read(KafkaBacklog backlog, String group, String topic, String deadLetterTopic) {
		Long records = backlog.records(topic);
		Long lag = null;
		if (records != null) {
			List<PartitionLag> partitions = backlog.lag(group, topic);
			lag = partitions.stream().mapToLong(PartitionLag::lag).sum();
		}
		return new GroupBacklog(group, topic, deadLetterTopic, lag, backlog.records(deadLetterTopic));
	}

}
