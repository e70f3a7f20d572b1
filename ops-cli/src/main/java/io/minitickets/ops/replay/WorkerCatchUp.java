package io.minitickets.ops.replay;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.locks.LockSupport;

import io.minitickets.core.messaging.BookingTopics;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * Waits until the worker group has committed offsets past what a replay published. The worker commits a record's
 * offset only after its Postgres transaction committed (or it was dead-lettered), so once it has, Postgres holds every
 * settleable record published before.
 */
final class WorkerCatchUp {

	private static final Duration POLL_INTERVAL = Duration.ofMillis(250);

	private WorkerCatchUp() {
	}

	/**
	 * @param admin the broker
	 * @param ends per partition of {@code bookings.requested}, the offset the group must reach
	 * @param timeout the longest to wait; zero to check once
	 * @return true when the group committed at least those offsets in time
	 */
	static boolean await(Admin admin, Map<TopicPartition, Long> ends, Duration timeout) {
		Instant deadline = Instant.now().plus(timeout);
		while (true) {
			if (caughtUp(admin, ends)) {
				return true;
			}
			if (Instant.now().isAfter(deadline)) {
				return false;
			}
			LockSupport.parkNanos(POLL_INTERVAL.toNanos());
			if (Thread.currentThread().isInterrupted()) {
				return false;
			}
		}
	}

	private static boolean caughtUp(Admin admin, Map<TopicPartition, Long> ends) {
		if (ends.isEmpty()) {
			return true;
		}
		try {
			Map<TopicPartition, OffsetAndMetadata> committed = admin
				.listConsumerGroupOffsets(BookingTopics.WORKER_GROUP)
				.partitionsToOffsetAndMetadata()
				.get();
			return ends.entrySet().stream().allMatch((end) -> {
				OffsetAndMetadata offset = committed.get(end.getKey());
				return offset != null && offset.offset() >= end.getValue();
			});
		}
		catch (ExecutionException ex) {
			return false;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

}
