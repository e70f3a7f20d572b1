package io.minitickets.ops;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;

import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.messaging.BookingRequested;
import io.minitickets.core.messaging.BookingTopics;
import io.minitickets.core.testing.BookingRows;
import io.minitickets.core.testing.TestInfrastructure;
import io.minitickets.core.testing.TestKafkaConfiguration;
import io.minitickets.core.testing.TopicReading;
import io.minitickets.core.valkey.ValkeyConnection;
import io.minitickets.core.valkey.ValkeyKeys;
import io.minitickets.ops.system.OpsSettings;
import io.minitickets.worker.BookingWorkerApplication;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.kafka.autoconfigure.KafkaConnectionDetails;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.kafka.core.KafkaAdmin;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.support.SendResult;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The ops commands against the real parts: a fresh Postgres database (migrated by the worker's Flyway), a unique key
 * prefix on the real Valkey, a Kafka broker of its own (an embedded KRaft broker, or a container:
 * {@link TestInfrastructure} chooses), and the real booking worker consuming from it in this JVM.
 * Commands run in-process through {@link OpsCommand#commandLine}, with the settings a deployment would give them.
 */
@SpringBootTest(classes = BookingWorkerApplication.class, webEnvironment = SpringBootTest.WebEnvironment.NONE,
		properties = { "minitickets.schema.migrate=true", "minitickets.topics.partitions=3" })
@Import(TestKafkaConfiguration.class)
public abstract class OpsIntegrationTestSupport {

	/** The longest any asynchronous outcome is awaited; every await returns as soon as the outcome is there. */
	protected static final Duration TIMEOUT = Duration.ofSeconds(90);

	/** A signing key of the right length, as the local stack generates one. */
	protected static final String JWT_SECRET = "ops-test-secret-of-at-least-thirty-two-bytes";

	@Autowired
	protected JdbcTemplate jdbc;

	@Autowired
	protected KafkaTemplate<Object, Object> kafka;

	@Autowired
	protected KafkaAdmin kafkaAdmin;

	@Autowired
	private KafkaConnectionDetails kafkaConnection;

	@Autowired
	protected Environment environment;

	@Autowired
	protected InventoryGate gate;

	@Autowired
	protected ValkeyConnection valkey;

	@Autowired
	protected ValkeyKeys keys;

	@DynamicPropertySource
	static void infrastructure(DynamicPropertyRegistry registry) {
		TestInfrastructure.register(registry);
	}

	/**
	 * The settings a deployment would give ops: the worker's own database, broker, Valkey and key prefix.
	 * @return the settings
	 */
	protected OpsSettings settings() {
		return OpsSettings.of(Map.of("spring.datasource.url", property("spring.datasource.url"),
				"spring.datasource.username", property("spring.datasource.username"),
				"spring.kafka.bootstrap-servers", bootstrapServers(), "minitickets.valkey.url",
				property("minitickets.valkey.url"), "minitickets.valkey.key-prefix",
				property("minitickets.valkey.key-prefix"), "minitickets.jwt.secret", JWT_SECRET));
	}

	/**
	 * Runs an ops command in this JVM.
	 * @param args the subcommand and its options
	 * @return its exit code and output
	 */
	protected Run ops(String... args) {
		StringWriter out = new StringWriter();
		StringWriter err = new StringWriter();
		var commandLine = OpsCommand.commandLine(settings());
		commandLine.setOut(new PrintWriter(out, true));
		commandLine.setErr(new PrintWriter(err, true));
		int exit = commandLine.execute(args);
		return new Run(exit, out.toString(), err.toString());
	}

	/**
	 * Creates an event whose sale is open.
	 * @param capacity seats
	 * @return its id
	 */
	protected long createEvent(int capacity) {
		return this.jdbc.queryForObject("""
				insert into events (name, capacity, sale_opens_at) values ('ops test', ?, now()) returning id""",
				Long.class, capacity);
	}

	/**
	 * @param eventId the event
	 * @param quantity seats
	 * @param gated whether the gate reserved a lease for it
	 * @return a new request of a new user
	 */
	protected static BookingRequested request(long eventId, int quantity, boolean gated) {
		return BookingRequested.of(UUID.randomUUID(), eventId, 1 + (long) (Math.random() * 1_000_000), quantity,
				Instant.now(), gated);
	}

	/**
	 * Publishes requests as the API does (key = event id) and waits for the acknowledgements.
	 * @param requests the requests
	 * @return where each was written
	 */
	protected List<RecordMetadata> publish(List<BookingRequested> requests) {
		List<RecordMetadata> written = new ArrayList<>();
		for (BookingRequested request : requests) {
			written.add(acknowledged(this.kafka.send(BookingTopics.REQUESTED, Long.toString(request.eventId()),
					request)));
		}
		return written;
	}

	/**
	 * Publishes a record with a raw value and headers.
	 * @param record the record, value as bytes
	 * @return where it was written
	 */
	protected RecordMetadata publishRaw(ProducerRecord<Object, Object> record) {
		KafkaTemplate<Object, Object> raw = new KafkaTemplate<>(this.kafka.getProducerFactory(),
				Map.of(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class));
		try {
			return acknowledged(raw.send(record));
		}
		finally {
			raw.destroy();
		}
	}

	private static RecordMetadata acknowledged(CompletableFuture<SendResult<Object, Object>> send) {
		return TopicReading.acknowledged(send, TIMEOUT).getRecordMetadata();
	}

	/**
	 * Waits until Postgres holds a number of bookings for an event.
	 * @param eventId the event
	 * @param bookings how many
	 */
	protected void awaitBookings(long eventId, int bookings) {
		new BookingRows(this.jdbc).awaitCount(eventId, bookings, TIMEOUT);
	}

	/**
	 * @param eventId the event
	 * @return its bookings in Postgres
	 */
	protected int bookingCount(long eventId) {
		return new BookingRows(this.jdbc).count(eventId);
	}

	/**
	 * @param eventId the event
	 * @return booking id → status, settled_at and settling transaction: any change to a settled row shows
	 */
	protected Map<UUID, String> bookingRows(long eventId) {
		return this.jdbc
			.query("select id, status || ' ' || coalesce(reason, '') || ' ' || settled_at || ' ' || settled_in_tx "
					+ "from bookings where event_id = ?", (rs, row) -> Map.entry(rs.getObject(1, UUID.class),
							rs.getString(2)), eventId)
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
	 * @return the test broker's bootstrap servers, {@code host:port,...}
	 */
	protected String bootstrapServers() {
		return TestKafkaConfiguration.bootstrapServers(this.kafkaConnection);
	}

	/**
	 * Reads a topic from the beginning to its current end.
	 * @param topic the topic
	 * @return its records, values as bytes
	 */
	protected List<ConsumerRecord<String, byte[]>> readAll(String topic) {
		return TopicReading.readAll(bootstrapServers(), topic, TIMEOUT);
	}

	/**
	 * @param topic a topic
	 * @param key a record key
	 * @return how many records of the topic have that key
	 */
	protected long recordsWithKey(String topic, String key) {
		return readAll(topic).stream().filter((record) -> key.equals(record.key())).count();
	}

	/**
	 * @param topic a topic
	 * @return its log end offsets, or an empty map when it does not exist
	 */
	protected Map<TopicPartition, Long> endOffsets(String topic) {
		try (Admin admin = Admin.create(this.kafkaAdmin.getConfigurationProperties())) {
			return TopicReading.endOffsets(admin, topic);
		}
	}

	/**
	 * Waits until the worker group has committed every record of {@code bookings.requested}.
	 */
	protected void awaitAllConsumed() {
		try (Admin admin = Admin.create(this.kafkaAdmin.getConfigurationProperties())) {
			TopicReading.awaitConsumedToTheEnd(admin, BookingTopics.WORKER_GROUP, BookingTopics.REQUESTED, TIMEOUT);
		}
	}

	/**
	 * @return how many rows ops_audit holds
	 */
	protected int auditRows() {
		return this.jdbc.queryForObject("select count(*) from ops_audit", Integer.class);
	}

	private String property(String name) {
		String value = this.environment.getProperty(name);
		if (value == null) {
			throw new IllegalStateException(name + " is not set in the test context");
		}
		return value;
	}

	/**
	 * One ops command's run.
	 *
	 * @param exit its exit code
	 * @param out what it printed on stdout
	 * @param err what it printed on stderr
	 */
	public record Run(int exit, String out, String err) {

		@Override
		public String toString() {
			return "exit " + this.exit + "\n--- out\n" + this.out + "--- err\n" + this.err;
		}

	}

}
