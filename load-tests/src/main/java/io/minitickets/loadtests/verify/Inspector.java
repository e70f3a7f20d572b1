package io.minitickets.loadtests.verify;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.jspecify.annotations.Nullable;

import io.minitickets.core.messaging.BookingTopics;
import io.minitickets.core.valkey.ValkeyKeys;
import io.minitickets.localstack.postgres.PostgresServer;
import io.minitickets.localstack.stack.PostgresEndpoint;
import io.minitickets.localstack.stack.StackException;
import io.minitickets.localstack.stack.StackState;
import io.minitickets.localstack.stack.ValkeyEndpoint;
import io.minitickets.localstack.valkey.ValkeyProbe;

/**
 * Reads the truth of a stack directly: bookings and events in Postgres (JDBC), the gate's counters and leases in its
 * Valkey, and the broker's offsets (Kafka admin): the dead-letter topic's records and the worker group's lag.
 */
public final class Inspector {

	private static final String EVENTS = """
			select e.id, e.capacity, e.seats_sold,
			       coalesce(sum(b.quantity) filter (where b.status = 'CONFIRMED'), 0),
			       count(b.id) filter (where b.status = 'CONFIRMED'),
			       count(b.id), count(distinct b.settled_in_tx),
			       min(b.quantity) filter (where b.status = 'REJECTED' and b.reason = 'SOLD_OUT'),
			       coalesce(sum(b.quantity) filter (where b.status = 'HELD'), 0)
			from events e left join bookings b on b.event_id = e.id
			where (?::bigint[] is null or e.id = any(?::bigint[]))
			group by e.id order by e.id""";

	private static final String LAST_SETTLED_AT = "select max(settled_at) from bookings where event_id = ?";

	private static final int KAFKA_TIMEOUT_MS = 10_000;

	private final PostgresEndpoint database;

	private final String gateValkeyUrl;

	private final ValkeyKeys keys;

	private final String bootstrapServers;

	/**
	 * @param database the stack's database
	 * @param gateValkeyUrl the gate's Valkey
	 * @param keyPrefix the stack's key prefix on it, empty when none
	 * @param bootstrapServers the stack's broker
	 */
	public Inspector(PostgresEndpoint database, String gateValkeyUrl, String keyPrefix, String bootstrapServers) {
		this.database = database;
		this.gateValkeyUrl = gateValkeyUrl;
		this.keys = new ValkeyKeys(keyPrefix);
		this.bootstrapServers = bootstrapServers;
	}

	/**
	 * @param stack a stack started by {@code ./minitickets up} (the gate on its one Valkey)
	 * @return an inspector of its database, Valkey and broker
	 * @throws StackException when the stack has no database, Valkey or broker recorded
	 */
	public static Inspector of(StackState stack) {
		PostgresEndpoint database = stack.postgres();
		ValkeyEndpoint valkey = stack.valkey();
		String kafka = stack.kafkaBootstrapServers();
		if (database == null || valkey == null || kafka == null) {
			throw new StackException("The stack " + stack.stackId() + " has no Postgres, Valkey or Kafka recorded; "
					+ "check ./minitickets status");
		}
		return new Inspector(database, valkey.url(), valkey.keyPrefix(), kafka);
	}

	/**
	 * @return the ids (lower-case UUIDs) of every booking Postgres settled
	 * @throws StackException when Postgres cannot be queried
	 */
	public Set<String> settledIds() {
		return query("select id::text from bookings", (statement) -> {
		}, (rows) -> {
			Set<String> ids = new HashSet<>();
			while (rows.next()) {
				ids.add(rows.getString(1));
			}
			return ids;
		});
	}

	/**
	 * @return the ids (lower-case UUIDs) of every booking with a succeeded payment applied ({@code payments} row of
	 * kind SUCCEEDED): a payment the provider took reached the booking, whatever became of it
	 * @throws StackException when Postgres cannot be queried
	 */
	public Set<String> paidIds() {
		return query("select distinct booking_id::text from payments where kind = 'SUCCEEDED'", (statement) -> {
		}, (rows) -> {
			Set<String> ids = new HashSet<>();
			while (rows.next()) {
				ids.add(rows.getString(1));
			}
			return ids;
		});
	}

	/**
	 * @return every event with its Postgres figures and its gate counters
	 * @throws StackException when Postgres or the gate's Valkey cannot be read
	 */
	public List<EventFacts> events() {
		return events(null);
	}

	/**
	 * @param eventIds the events to read; null for every event
	 * @return those events (the ones that exist) with their Postgres figures and gate counters, by id
	 * @throws StackException when Postgres or the gate's Valkey cannot be read
	 */
	public List<EventFacts> events(@Nullable Collection<Long> eventIds) {
		List<Object[]> rows = query(EVENTS, (statement) -> {
			Array ids = (eventIds != null) ? statement.getConnection().createArrayOf("bigint", eventIds.toArray())
					: null;
			statement.setArray(1, ids);
			statement.setArray(2, ids);
		}, (result) -> {
			List<Object[]> all = new ArrayList<>();
			while (result.next()) {
				int smallest = result.getInt(8);
				Integer smallestRefused = result.wasNull() ? null : smallest;
				all.add(new Object[] { result.getLong(1), result.getInt(2), result.getLong(3), result.getLong(4),
						result.getLong(5), result.getLong(6), result.getLong(7), smallestRefused, result.getLong(9) });
			}
			return all;
		});
		return ValkeyProbe.call(this.gateValkeyUrl, (commands) -> rows.stream().map((row) -> {
			ValkeyKeys.EventKeys event = this.keys.event((long) row[0]);
			String available = commands.get(event.available());
			long leased = commands.hvals(event.leases()).stream().mapToLong(Long::parseLong).sum();
			return new EventFacts((long) row[0], (int) row[1], (long) row[2], (long) row[3], (long) row[4],
					(long) row[5], (long) row[6], (Integer) row[7], (available != null) ? Long.valueOf(available) : null,
					leased, (long) row[8]);
		}).toList());
	}

	/**
	 * @param eventIds the events to read
	 * @return their money and waiting-list figures as Postgres holds them ({@link PaidFacts}; all 0 for free
	 * events)
	 * @throws StackException when Postgres cannot be queried
	 */
	public PaidFacts paid(Collection<Long> eventIds) {
		return new PaidFacts(count(PaidChecks.MONEY_MISMATCH, eventIds), count(PaidChecks.DOUBLE_REFUNDS, eventIds),
				count(PaidChecks.WAITLIST_ORDER_VIOLATIONS, eventIds));
	}

	private long count(String sql, Collection<Long> eventIds) {
		return query(sql, (statement) -> statement.setArray(1,
				statement.getConnection().createArrayOf("bigint", eventIds.toArray())), (rows) -> {
					rows.next();
					return rows.getLong(1);
				});
	}

	/**
	 * @param eventId an event
	 * @return per user id, how many of the user's bookings of the event are CONFIRMED (users without one: absent)
	 * @throws StackException when Postgres cannot be queried
	 */
	public Map<Long, Long> confirmedByUser(long eventId) {
		return query("select user_id, count(*) from bookings where event_id = ? and status = 'CONFIRMED' group by user_id",
				(statement) -> statement.setLong(1, eventId), (rows) -> {
					Map<Long, Long> confirmed = new HashMap<>();
					while (rows.next()) {
						confirmed.put(rows.getLong(1), rows.getLong(2));
					}
					return confirmed;
				});
	}

	/**
	 * @return how many records the dead-letter topic holds (0 when it does not exist)
	 * @throws StackException when the broker does not answer within 10 s
	 */
	public long deadLetters() {
		return kafka((admin) -> endOffsets(admin, BookingTopics.REQUESTED_DLT).values().stream()
			.mapToLong(Long::longValue)
			.sum(), 0L);
	}

	/**
	 * @param eventId an event
	 * @return when Postgres settled the event's last booking ({@code max(settled_at)}: the settling transaction's
	 * clock, a few ms before its commit), or null when it has none
	 * @throws StackException when Postgres cannot be queried
	 */
	public @Nullable Instant lastSettledAt(long eventId) {
		return query(LAST_SETTLED_AT, (statement) -> statement.setLong(1, eventId), (result) -> {
			result.next();
			OffsetDateTime at = result.getObject(1, OffsetDateTime.class);
			return (at != null) ? at.toInstant() : null;
		});
	}

	/**
	 * @return records of {@code bookings.requested} the worker's consumer group has not committed yet, summed over
	 * the partitions (a partition the group never committed counts from offset 0)
	 * @throws StackException when the broker does not answer within 10 s
	 */
	public long consumerLag() {
		return workerOffsets().lag();
	}

	/**
	 * @return the worker's consumer group's progress on {@code bookings.requested}: the end offsets and the committed
	 * offsets, each summed over the partitions (a partition the group never committed counts as committed at 0)
	 * @throws StackException when the broker does not answer within 10 s
	 */
	public WorkerOffsets workerOffsets() {
		return kafka((admin) -> {
			Map<TopicPartition, Long> ends = endOffsets(admin, BookingTopics.REQUESTED);
			Map<TopicPartition, OffsetAndMetadata> committed = admin
				.listConsumerGroupOffsets(BookingTopics.WORKER_GROUP)
				.partitionsToOffsetAndMetadata()
				.get(KAFKA_TIMEOUT_MS, TimeUnit.MILLISECONDS);
			long end = 0;
			long done = 0;
			for (Map.Entry<TopicPartition, Long> partition : ends.entrySet()) {
				OffsetAndMetadata offset = committed.get(partition.getKey());
				end += partition.getValue();
				done += Math.min(partition.getValue(), (offset != null) ? offset.offset() : 0);
			}
			return new WorkerOffsets(end, done);
		}, new WorkerOffsets(0, 0));
	}

	/**
	 * The worker's consumer group's progress on {@code bookings.requested}, summed over the partitions.
	 *
	 * @param end the end offsets: records ever written
	 * @param committed the group's committed offsets: records settled
	 */
	public record WorkerOffsets(long end, long committed) {

		/**
		 * @return records written and not settled yet
		 */
		public long lag() {
			return this.end - this.committed;
		}

	}

	private static Map<TopicPartition, Long> endOffsets(Admin admin, String topicName)
			throws InterruptedException, ExecutionException, TimeoutException {
		TopicDescription topic = admin.describeTopics(List.of(topicName))
			.allTopicNames()
			.get(KAFKA_TIMEOUT_MS, TimeUnit.MILLISECONDS)
			.get(topicName);
		Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
		topic.partitions()
			.forEach((partition) -> latest.put(new TopicPartition(topicName, partition.partition()),
					OffsetSpec.latest()));
		Map<TopicPartition, Long> ends = new HashMap<>();
		admin.listOffsets(latest)
			.all()
			.get(KAFKA_TIMEOUT_MS, TimeUnit.MILLISECONDS)
			.forEach((partition, offsets) -> ends.put(partition, offsets.offset()));
		return ends;
	}

	private <T> T kafka(AdminCall<T> call, T withoutTopic) {
		try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, this.bootstrapServers,
				AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, KAFKA_TIMEOUT_MS,
				AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, KAFKA_TIMEOUT_MS / 2))) {
			return call.apply(admin);
		}
		catch (ExecutionException ex) {
			if (ex.getCause() instanceof UnknownTopicOrPartitionException) {
				return withoutTopic;
			}
			throw new StackException("Cannot read the broker's offsets at " + this.bootstrapServers + ": " + ex, ex);
		}
		catch (TimeoutException ex) {
			throw new StackException("The broker at " + this.bootstrapServers + " did not answer within 10 s", ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new StackException("Interrupted while reading the broker's offsets", ex);
		}
	}

	private <T> T query(String sql, Binder binder, RowReader<T> reader) {
		PostgresServer server = new PostgresServer(this.database.adminUrl(), this.database.username(),
				this.database.password());
		try (Connection connection = server.connect(this.database.jdbcUrl());
				PreparedStatement statement = connection.prepareStatement(sql)) {
			binder.bind(statement);
			try (ResultSet rows = statement.executeQuery()) {
				return reader.read(rows);
			}
		}
		catch (SQLException ex) {
			throw new StackException("Cannot query " + this.database.jdbcUrl() + ": " + ex.getMessage(), ex);
		}
	}

	@FunctionalInterface
	private interface Binder {

		void bind(PreparedStatement statement) throws SQLException;

	}

	@FunctionalInterface
	private interface RowReader<T> {

		T read(ResultSet rows) throws SQLException;

	}

	@FunctionalInterface
	private interface AdminCall<T> {

		T apply(Admin admin) throws InterruptedException, ExecutionException, TimeoutException;

	}

}
