package io.minitickets.loadtests.chaos;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
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
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

import io.minitickets.core.messaging.BookingTopics;
import io.minitickets.core.valkey.ValkeyKeys;
import io.minitickets.localstack.postgres.PostgresServer;
import io.minitickets.localstack.stack.PostgresEndpoint;
import io.minitickets.localstack.stack.StackException;
import io.minitickets.localstack.valkey.ValkeyProbe;

/**
 * Reads the truth of the run's stack directly: bookings and events in Postgres (JDBC), the gate's counters and
 * leases in its Valkey, and the records on the dead-letter topic (Kafka admin).
 */
final class Inspector {

	private static final String EVENTS = """
			select e.id, e.capacity, e.seats_sold,
			       coalesce(sum(b.quantity) filter (where b.status = 'CONFIRMED'), 0),
			       count(b.id) filter (where b.status = 'CONFIRMED')
			from events e left join bookings b on b.event_id = e.id group by e.id order by e.id""";

	private static final int KAFKA_TIMEOUT_MS = 10_000;

	private final PostgresEndpoint database;

	private final String gateValkeyUrl;

	private final String bootstrapServers;

	private final ValkeyKeys keys = new ValkeyKeys("");

	/**
	 * @param database the run's database
	 * @param gateValkeyUrl the gate's Valkey (no key prefix)
	 * @param bootstrapServers the run's broker
	 */
	Inspector(PostgresEndpoint database, String gateValkeyUrl, String bootstrapServers) {
		this.database = database;
		this.gateValkeyUrl = gateValkeyUrl;
		this.bootstrapServers = bootstrapServers;
	}

	/**
	 * @return the ids (lower-case UUIDs) of every booking Postgres settled
	 * @throws StackException when Postgres cannot be queried
	 */
	Set<String> settledIds() {
		return query("select id::text from bookings", (rows) -> {
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
	List<EventFacts> events() {
		List<long[]> rows = query(EVENTS, (result) -> {
			List<long[]> all = new ArrayList<>();
			while (result.next()) {
				all.add(new long[] { result.getLong(1), result.getLong(2), result.getLong(3), result.getLong(4),
						result.getLong(5) });
			}
			return all;
		});
		return ValkeyProbe.call(this.gateValkeyUrl, (commands) -> rows.stream().map((row) -> {
			ValkeyKeys.EventKeys event = this.keys.event(row[0]);
			String available = commands.get(event.available());
			long leased = commands.hvals(event.leases()).stream().mapToLong(Long::parseLong).sum();
			return new EventFacts(row[0], (int) row[1], row[2], row[3], row[4],
					(available != null) ? Long.valueOf(available) : null, leased);
		}).toList());
	}

	/**
	 * @return how many records the dead-letter topic holds (0 when it does not exist)
	 * @throws StackException when the broker does not answer within 10 s
	 */
	long deadLetters() {
		try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, this.bootstrapServers,
				AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, KAFKA_TIMEOUT_MS,
				AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, KAFKA_TIMEOUT_MS / 2))) {
			TopicDescription topic = admin.describeTopics(List.of(BookingTopics.REQUESTED_DLT))
				.allTopicNames()
				.get(KAFKA_TIMEOUT_MS, TimeUnit.MILLISECONDS)
				.get(BookingTopics.REQUESTED_DLT);
			Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
			topic.partitions()
				.forEach((partition) -> latest.put(new TopicPartition(BookingTopics.REQUESTED_DLT,
						partition.partition()), OffsetSpec.latest()));
			return admin.listOffsets(latest)
				.all()
				.get(KAFKA_TIMEOUT_MS, TimeUnit.MILLISECONDS)
				.values()
				.stream()
				.mapToLong((offsets) -> offsets.offset())
				.sum();
		}
		catch (ExecutionException ex) {
			if (ex.getCause() instanceof UnknownTopicOrPartitionException) {
				return 0;
			}
			throw new StackException("Cannot count the records of " + BookingTopics.REQUESTED_DLT + ": " + ex, ex);
		}
		catch (TimeoutException ex) {
			throw new StackException("The broker did not answer within 10 s", ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new StackException("Interrupted while counting dead letters", ex);
		}
	}

	private <T> T query(String sql, RowReader<T> reader) {
		PostgresServer server = new PostgresServer(this.database.adminUrl(), this.database.username(),
				this.database.password());
		try (Connection connection = server.connect(this.database.jdbcUrl());
				PreparedStatement statement = connection.prepareStatement(sql);
				ResultSet rows = statement.executeQuery()) {
			return reader.read(rows);
		}
		catch (SQLException ex) {
			throw new StackException("Cannot query " + this.database.jdbcUrl() + ": " + ex.getMessage(), ex);
		}
	}

	@FunctionalInterface
	private interface RowReader<T> {

		T read(ResultSet rows) throws SQLException;

	}

}
