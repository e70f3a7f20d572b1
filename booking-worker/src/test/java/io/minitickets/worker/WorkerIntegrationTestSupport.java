package io.minitickets.worker;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;

import io.minitickets.core.messaging.BookingRequested;
import io.minitickets.core.messaging.BookingTopics;
import io.minitickets.core.testing.BookingRows;
import io.minitickets.core.testing.TestInfrastructure;
import io.minitickets.core.testing.TestKafkaConfiguration;
import io.minitickets.core.testing.TopicReading;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.kafka.autoconfigure.KafkaConnectionDetails;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.kafka.core.KafkaAdmin;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.support.SendResult;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The worker against real services: a fresh Postgres database (migrated by Flyway), a unique key prefix on the real
 * Valkey and a Kafka broker of its own (an embedded KRaft broker, or a container: {@link TestInfrastructure}
 * chooses). Subclasses that add no configuration share one application context. Every context has its own broker:
 * read its address from {@link #kafkaConnection}, not from the system property {@code spring.embedded.kafka.brokers},
 * which the latest embedded broker started overwrites.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.NONE,
		properties = { "minitickets.schema.migrate=true", "minitickets.topics.partitions=3" })
@Import(TestKafkaConfiguration.class)
public abstract class WorkerIntegrationTestSupport {

	/**
	 * The longest any asynchronous outcome is awaited: generous, as the first await of a context also waits for the
	 * consumer group's first assignment on a busy 2-core machine; every await returns as soon as the outcome is there.
	 */
	protected static final Duration TIMEOUT = Duration.ofSeconds(60);

	@Autowired
	protected JdbcTemplate jdbc;

	@Autowired
	protected KafkaTemplate<Object, Object> kafka;

	@Autowired
	protected KafkaAdmin kafkaAdmin;

	@Autowired
	protected KafkaConnectionDetails kafkaConnection;

	@DynamicPropertySource
	static void infrastructure(DynamicPropertyRegistry registry) {
		TestInfrastructure.register(registry);
	}

	/**
	 * Creates an event whose sale is open.
	 * @param capacity seats
	 * @param perUserLimit the most seats per user, or null for none
	 * @return its id
	 */
	protected long createEvent(int capacity, @Nullable Integer perUserLimit) {
		Long id = this.jdbc.queryForObject("""
				insert into events (name, capacity, sale_opens_at, per_user_limit)
				values ('test event', ?, now(), ?) returning id""", Long.class, capacity, perUserLimit);
		return id;
	}

	/**
	 * A new booking request.
	 * @param eventId the event
	 * @param userId the user
	 * @param quantity seats
	 * @param gated whether the gate reserved a lease for it
	 * @return the request, with a random booking id
	 */
	protected static BookingRequested request(long eventId, long userId, int quantity, boolean gated) {
		return BookingRequested.of(UUID.randomUUID(), eventId, userId, quantity, Instant.now(), gated);
	}

	/**
	 * Publishes requests as the API does (key = event id) and waits for the broker's acknowledgements.
	 * @param requests the requests, in the order they should be consumed
	 * @return the send results in the same order
	 */
	protected List<SendResult<Object, Object>> publish(List<BookingRequested> requests) {
		List<CompletableFuture<SendResult<Object, Object>>> sends = new ArrayList<>();
		for (BookingRequested request : requests) {
			sends.add(this.kafka.send(BookingTopics.REQUESTED, Long.toString(request.eventId()), request));
		}
		return sends.stream().map(WorkerIntegrationTestSupport::acknowledged).toList();
	}

	/**
	 * Waits for a send's acknowledgement.
	 * @param send the send
	 * @return its result
	 */
	protected static SendResult<Object, Object> acknowledged(CompletableFuture<SendResult<Object, Object>> send) {
		return TopicReading.acknowledged(send, TIMEOUT);
	}

	/**
	 * Waits until Postgres holds a number of bookings for an event, riding out moments without a connection.
	 * @param eventId the event
	 * @param bookings how many
	 */
	protected void awaitBookings(long eventId, int bookings) {
		new BookingRows(this.jdbc).awaitCount(eventId, bookings, TIMEOUT);
	}

	/**
	 * @param eventId the event
	 * @return how many bookings of the event Postgres holds
	 */
	protected int bookingCount(long eventId) {
		return new BookingRows(this.jdbc).count(eventId);
	}

	/**
	 * @param eventId the event
	 * @return booking id → status (and reason when rejected), as Postgres holds them
	 */
	protected Map<UUID, String> outcomes(long eventId) {
		return this.jdbc
			.query("select id, status, reason from bookings where event_id = ?",
					(rs, row) -> Map.entry(rs.getObject(1, UUID.class),
							rs.getString(2) + ((rs.getString(3) != null) ? " " + rs.getString(3) : "")),
					eventId)
			.stream()
			.collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
	}

	/**
	 * @param eventId the event
	 * @return its seats_sold
	 */
	protected int seatsSold(long eventId) {
		return new BookingRows(this.jdbc).seatsSold(eventId);
	}

	/**
	 * Waits until the worker's consumer group has committed every record published to {@code bookings.requested}.
	 */
	protected void awaitAllConsumed() {
		try (Admin admin = Admin.create(this.kafkaAdmin.getConfigurationProperties())) {
			TopicReading.awaitConsumedToTheEnd(admin, BookingTopics.WORKER_GROUP, BookingTopics.REQUESTED, TIMEOUT);
		}
	}

	/**
	 * Reads every record of a topic from the beginning to its current end.
	 * @param topic the topic
	 * @return its records, values as bytes
	 */
	protected List<ConsumerRecord<String, byte[]>> readAll(String topic) {
		return TopicReading.readAll(TestKafkaConfiguration.bootstrapServers(this.kafkaConnection), topic, TIMEOUT);
	}

}
