package io.minitickets.ops.status;

import java.util.List;

import io.minitickets.core.backlog.KafkaBacklog;
import io.minitickets.core.backlog.PartitionLag;
import io.minitickets.core.messaging.BookingTopics;
import org.jspecify.annotations.Nullable;

/**
 * What waits on the payment path: the payment applier's lag on {@code payments.received} and its dead letters.
 *
 * @param lag records not yet applied, summed over the partitions; null when the topic does not exist yet (no
 * api-service of this version has started)
 * @param deadLetters records in {@code payments.received-dlt}; null when it does not exist
 */
record PaymentBacklog(@Nullable Long lag, @Nullable Long deadLetters) {

	static PaymentBacklog read(KafkaBacklog backlog) {
		Long records = backlog.records(BookingTopics.PAYMENTS_RECEIVED);
		Long lag = null;
		if (records != null) {
			List<PartitionLag> partitions = backlog.lag(BookingTopics.PAYMENTS_GROUP, BookingTopics.PAYMENTS_RECEIVED);
			lag = partitions.stream().mapToLong(PartitionLag::lag).sum();
		}
		return new PaymentBacklog(lag, backlog.records(BookingTopics.PAYMENTS_RECEIVED_DLT));
	}

}
