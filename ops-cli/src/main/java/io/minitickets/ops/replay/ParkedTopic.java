package io.minitickets.ops.replay;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;

import io.minitickets.core.messaging.BookingTopics;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.errors.TopicExistsException;

/**
 * Creates {@code bookings.requested-parked} when a run parks the first record and no service has created it yet:
 * as many partitions as {@code bookings.requested}, the broker's default replication.
 */
final class ParkedTopic {

	private ParkedTopic() {
	}

	/**
	 * @param admin the broker
	 * @throws IllegalStateException when the broker cannot be asked or refuses
	 */
	static void ensure(Admin admin) {
		try {
			Set<String> topics = admin.listTopics().names().get();
			if (topics.contains(BookingTopics.REQUESTED_PARKED)) {
				return;
			}
			int partitions = admin.describeTopics(List.of(BookingTopics.REQUESTED))
				.allTopicNames()
				.get()
				.get(BookingTopics.REQUESTED)
				.partitions()
				.size();
			admin.createTopics(List.of(new NewTopic(BookingTopics.REQUESTED_PARKED, Optional.of(partitions),
					Optional.empty()))).all().get();
		}
		catch (ExecutionException ex) {
			if (!(ex.getCause() instanceof TopicExistsException)) {
				throw new IllegalStateException("cannot create " + BookingTopics.REQUESTED_PARKED + ": "
						+ ex.getCause(), ex);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted", ex);
		}
	}

}
