package io.minitickets.ops.status;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ExecutionException;
import java.util.stream.Collectors;

import io.minitickets.core.inventory.GateSnapshot;
import io.minitickets.core.messaging.BookingTopics;
import io.minitickets.core.valkey.ValkeyUnavailableException;
import io.minitickets.ops.system.BadUsageException;
import io.minitickets.ops.system.Valkey;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.jspecify.annotations.Nullable;

/**
 * Reads what {@code ops status} shows, from Postgres, the gate's Valkey and the broker.
 */
final class StatusReader {

	/** The most events listed without {@code --event}: the latest whose sale has opened. */
	static final int EVENT_LIMIT = 20;

	private StatusReader() {
	}

	/**
	 * @param connection Postgres
	 * @param valkey the gate's Valkey
	 * @param eventId one event, or null for the latest {@value #EVENT_LIMIT} whose sale opened
	 * @return the events
	 * @throws BadUsageException when the event does not exist
	 * @throws SQLException when Postgres fails
	 */
	static List<EventRow> events(Connection connection, Valkey valkey, @Nullable Long eventId) throws SQLException {
		String sql = (eventId != null) ? "select id, name, capacity, seats_sold from events where id = ?"
				: "select id, name, capacity, seats_sold from events where sale_opens_at <= now() "
						+ "order by sale_opens_at desc, id desc limit " + EVENT_LIMIT;
		List<EventRow> rows = new ArrayList<>();
		try (PreparedStatement select = connection.prepareStatement(sql)) {
			if (eventId != null) {
				select.setLong(1, eventId);
			}
			try (ResultSet result = select.executeQuery()) {
				while (result.next()) {
					rows.add(gateView(valkey, result.getLong(1), result.getString(2), result.getInt(3),
							result.getInt(4)));
				}
			}
		}
		if (eventId != null && rows.isEmpty()) {
			throw new BadUsageException("event " + eventId + " does not exist");
		}
		return rows;
	}

	private static EventRow gateView(Valkey valkey, long id, String name, int capacity, int confirmed) {
		try {
			GateSnapshot snapshot = valkey.gate().snapshot(id);
			OptionalLong available = valkey.gate().available(id);
			int leases = snapshot.leases().values().stream().mapToInt(Integer::intValue).sum();
			return new EventRow(id, name, capacity, confirmed, available.isPresent() ? available.getAsLong() : null,
					leases);
		}
		catch (ValkeyUnavailableException ex) {
			return new EventRow(id, name, capacity, confirmed, null, null);
		}
	}

	/**
	 * The worker group's position on {@code bookings.requested}, per partition.
	 * @param admin the broker
	 * @return the partitions in order
	 * @throws IllegalStateException when the broker cannot be asked
	 */
	static List<PartitionLag> lag(Admin admin) {
		try {
			Map<TopicPartition, Long> ends = ends(admin, BookingTopics.REQUESTED);
			Map<TopicPartition, OffsetAndMetadata> committed = admin
				.listConsumerGroupOffsets(BookingTopics.WORKER_GROUP)
				.partitionsToOffsetAndMetadata()
				.get();
			return ends.entrySet()
				.stream()
				.sorted(Map.Entry.comparingByKey((a, b) -> Integer.compare(a.partition(), b.partition())))
				.map((end) -> {
					OffsetAndMetadata offset = committed.get(end.getKey());
					return new PartitionLag(end.getKey().partition(), end.getValue(),
							(offset != null) ? offset.offset() : null);
				})
				.toList();
		}
		catch (ExecutionException ex) {
			throw new IllegalStateException("Kafka could not tell the worker group's offsets: " + ex.getCause(), ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted", ex);
		}
	}

	/**
	 * How many records a topic holds now (log end − log start, over its partitions).
	 * @param admin the broker
	 * @param topic the topic
	 * @return the count, or null when the topic does not exist
	 * @throws IllegalStateException when the broker cannot be asked
	 */
	static @Nullable Long records(Admin admin, String topic) {
		try {
			Map<TopicPartition, Long> ends = ends(admin, topic);
			Map<TopicPartition, Long> starts = offsets(admin, ends, OffsetSpec.earliest());
			return ends.entrySet().stream().mapToLong((end) -> end.getValue() - starts.get(end.getKey())).sum();
		}
		catch (ExecutionException ex) {
			if (ex.getCause() instanceof UnknownTopicOrPartitionException) {
				return null;
			}
			throw new IllegalStateException("Kafka could not count " + topic + ": " + ex.getCause(), ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted", ex);
		}
	}

	private static Map<TopicPartition, Long> ends(Admin admin, String topic)
			throws ExecutionException, InterruptedException {
		Map<TopicPartition, Long> partitions = admin.describeTopics(List.of(topic))
			.allTopicNames()
			.get()
			.get(topic)
			.partitions()
			.stream()
			.collect(Collectors.toMap((info) -> new TopicPartition(topic, info.partition()), (info) -> 0L));
		return offsets(admin, partitions, OffsetSpec.latest());
	}

	private static Map<TopicPartition, Long> offsets(Admin admin, Map<TopicPartition, Long> partitions,
			OffsetSpec spec) throws ExecutionException, InterruptedException {
		return admin.listOffsets(partitions.keySet().stream().collect(Collectors.toMap((tp) -> tp, (tp) -> spec)))
			.all()
			.get()
			.entrySet()
			.stream()
			.collect(Collectors.toMap(Map.Entry::getKey, (entry) -> entry.getValue().offset()));
	}

	/**
	 * @param partition the partition of {@code bookings.requested}
	 * @param end its log end offset
	 * @param committed the worker group's committed offset; null when it has committed none
	 */
	record PartitionLag(int partition, long end, @Nullable Long committed) {

		/** @return records not yet settled by the worker group: log end − committed (all of them when none) */
		long lag() {
			return this.end - ((this.committed != null) ? this.committed : 0);
		}

	}

}
