package io.minitickets.localstack.chaos;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.common.GroupState;
import org.apache.kafka.common.TopicPartition;

import io.minitickets.core.messaging.BookingTopics;
import io.minitickets.localstack.stack.StackException;

/**
 * Watches the booking workers' consumer group through the Kafka admin API: how many workers hold the partitions of
 * {@code bookings.requested}, and how long after a worker's death the survivors hold all of them.
 */
public final class WorkerGroupWatch implements AutoCloseable {

	private static final Duration POLL = Duration.ofMillis(100);

	private static final int ADMIN_TIMEOUT_MS = 5_000;

	private final Admin admin;

	/**
	 * @param bootstrapServers the stack's brokers
	 */
	public WorkerGroupWatch(String bootstrapServers) {
		this.admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
				AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, ADMIN_TIMEOUT_MS,
				AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, ADMIN_TIMEOUT_MS));
	}

	/**
	 * Waits until the group is stable with a number of members and every partition of {@code bookings.requested}
	 * assigned.
	 * @param members how many workers
	 * @param timeout how long to wait
	 * @return true when it was so in time
	 */
	public boolean awaitMembers(int members, Duration timeout) {
		return awaitAssignment(timeout, (assigned) -> assigned.size() == members);
	}

	/**
	 * Waits until the group is stable with one member fewer than it had, the survivors holding every partition: the
	 * handover of a dead worker's partitions.
	 * @param survivors how many workers are left
	 * @param since when the worker died ({@link System#nanoTime()})
	 * @param timeout how long to wait from now
	 * @return the time from {@code since} until the survivors held every partition; empty when they did not in time
	 */
	public Optional<Duration> awaitHandover(int survivors, long since, Duration timeout) {
		if (!awaitAssignment(timeout, (assigned) -> assigned.size() == survivors)) {
			return Optional.empty();
		}
		return Optional.of(Duration.ofNanos(System.nanoTime() - since));
	}

	private boolean awaitAssignment(Duration timeout, Predicate<List<Set<TopicPartition>>> wanted) {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (true) {
			Optional<List<Set<TopicPartition>>> assigned = stableAssignment();
			if (assigned.filter(wanted).isPresent()) {
				return true;
			}
			if (System.nanoTime() - deadline > 0) {
				return false;
			}
			ProcessWaits.pause(POLL);
		}
	}

	/**
	 * @return each member's partitions of {@code bookings.requested} while the group is stable and they cover every
	 * partition; empty while it rebalances, misses a partition, or the broker does not answer
	 */
	private Optional<List<Set<TopicPartition>>> stableAssignment() {
		try {
			int partitions = this.admin.describeTopics(List.of(BookingTopics.REQUESTED))
				.allTopicNames()
				.get(ADMIN_TIMEOUT_MS, TimeUnit.MILLISECONDS)
				.get(BookingTopics.REQUESTED)
				.partitions()
				.size();
			ConsumerGroupDescription group = this.admin.describeConsumerGroups(List.of(BookingTopics.WORKER_GROUP))
				.all()
				.get(ADMIN_TIMEOUT_MS, TimeUnit.MILLISECONDS)
				.get(BookingTopics.WORKER_GROUP);
			if (group.groupState() != GroupState.STABLE) {
				return Optional.empty();
			}
			List<Set<TopicPartition>> assigned = group.members()
				.stream()
				.map(MemberDescription::assignment)
				.map((assignment) -> assignment.topicPartitions()
					.stream()
					.filter((partition) -> partition.topic().equals(BookingTopics.REQUESTED))
					.collect(Collectors.toSet()))
				.toList();
			long covered = assigned.stream().flatMap(Collection::stream).distinct().count();
			return (covered == partitions) ? Optional.of(assigned) : Optional.empty();
		}
		catch (ExecutionException | TimeoutException ex) {
			return Optional.empty();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new StackException("Interrupted while watching the worker group", ex);
		}
	}

	@Override
	public void close() {
		this.admin.close(Duration.ofSeconds(5));
	}

}
