import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import io.minitickets.core.messaging.BookingRequested;
import io.minitickets.core.messaging.BookingTopics;
import io.minitickets.core.valkey.ValkeyKeys;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The worker's drain of one event's backlog on the running local stack, with the bookings' leases live in the gate
 * (as after an accepting burst: api-service reserved a lease for each, the worker settles them) or without any (as in
 * the bench's worker figure); see {@code scripts/drain-bench/run} and docs/BENCHMARKS.md, "The worker's drain after a
 * burst".
 * <p>
 * Each round creates an event of its own (capacity twice the bookings), loads its gate counter and, for a gated round,
 * writes a lease per booking as RESERVE does (the leases hash, the expiry zset ten minutes ahead, the lease's user,
 * the leased total, the counter less the seats). Then it writes the bookings to {@code bookings.requested} in one
 * Kafka transaction (the worker consumes read-committed: it sees them all at once) and times from the commit to the
 * last of the event's records on {@code bookings.settled}, printing the rate every 5 s and the CPU seconds the
 * stack's processes used meanwhile. {@code --trickle N} first sends N bookings of another event one at a time, each
 * waited for, as a sale's first small batches reach the worker while its tables are still small.
 */
public final class DrainBench {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static final int CHUNK = 1000;

	public static void main(String[] args) throws Exception {
		Map<String, String> options = new LinkedHashMap<>(
				Map.of("--bookings", "100000", "--rounds", "gated,ungated", "--trickle", "0", "--state",
						".state/stack.json"));
		for (int i = 0; i + 1 < args.length; i += 2) {
			if (!options.containsKey(args[i])) {
				throw new IllegalArgumentException("Unknown option " + args[i] + "; known: " + options.keySet());
			}
			options.put(args[i], args[i + 1]);
		}
		int bookings = Integer.parseInt(options.get("--bookings"));
		JsonNode state = JSON.readTree(Files.readString(Path.of(options.get("--state"))));
		Map<String, Long> pids = new LinkedHashMap<>();
		state.get("processes").forEach((process) -> pids.put(process.get("name").asString(), process.get("pid").asLong()));
		String bootstrap = state.get("kafkaBootstrapServers").asString();
		ValkeyKeys keys = new ValkeyKeys(state.get("valkey").get("keyPrefix").asString());
		RedisClient redis = RedisClient.create(state.get("valkey").get("url").asString());
		try (Connection postgres = DriverManager.getConnection(state.get("postgres").get("jdbcUrl").asString(),
				state.get("postgres").get("username").asString(), state.get("postgres").get("password").asString());
				StatefulRedisConnection<String, String> valkey = redis.connect();
				KafkaProducer<String, byte[]> producer = new KafkaProducer<>(Map.of(
						ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap, ProducerConfig.TRANSACTIONAL_ID_CONFIG,
						"drain-bench-" + UUID.randomUUID(), ProducerConfig.LINGER_MS_CONFIG, 20,
						ProducerConfig.BATCH_SIZE_CONFIG, 256 * 1024), new StringSerializer(), new ByteArraySerializer());
				KafkaConsumer<String, byte[]> settled = new KafkaConsumer<>(Map.of(
						ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap, ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
						false), new StringDeserializer(), new ByteArrayDeserializer())) {
			producer.initTransactions();
			settled.assign(settled.partitionsFor(BookingTopics.SETTLED)
				.stream()
				.map((partition) -> new TopicPartition(partition.topic(), partition.partition()))
				.toList());
			int trickle = Integer.parseInt(options.get("--trickle"));
			if (trickle > 0) {
				long eventId = createEvent(postgres, trickle);
				System.out.printf(Locale.ROOT, "trickle: event %d, %d batches of one booking each, one after the other%n",
						eventId, trickle);
				for (int i = 0; i < trickle; i++) {
					drain(producer, settled, eventId,
							List.of(BookingRequested.of(UUID.randomUUID(), eventId, i + 1, 1, Instant.now(), false)),
							pids, false);
				}
			}
			for (String round : options.get("--rounds").split(",")) {
				boolean gated = switch (round) {
					case "gated" -> true;
					case "ungated" -> false;
					default -> throw new IllegalArgumentException("a round is gated or ungated: " + round);
				};
				long eventId = createEvent(postgres, 2 * bookings);
				List<BookingRequested> requests = new ArrayList<>(bookings);
				Instant requestedAt = Instant.now();
				for (int i = 0; i < bookings; i++) {
					requests.add(BookingRequested.of(UUID.randomUUID(), eventId, i + 1, 1, requestedAt, gated));
				}
				prepareGate(valkey.sync(), keys.event(eventId), 2L * bookings, gated ? requests : List.of());
				System.out.printf(Locale.ROOT, "%s round: event %d, %,d bookings%s; load average %.2f%n", round,
						eventId, bookings, gated ? ", each with a live lease" : "",
						java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
				drain(producer, settled, eventId, requests, pids, true);
			}
		}
		finally {
			redis.shutdown();
		}
	}

	private static long createEvent(Connection postgres, int capacity) throws Exception {
		try (PreparedStatement create = postgres.prepareStatement(
				"insert into events (name, capacity, sale_opens_at) values ('drain bench', ?, now()) returning id")) {
			create.setInt(1, capacity);
			try (ResultSet id = create.executeQuery()) {
				id.next();
				return id.getLong(1);
			}
		}
	}

	/** The gate's state after RESERVE of every request (1 seat each), pipelined in chunks. */
	private static void prepareGate(RedisCommands<String, String> valkey, ValkeyKeys.EventKeys keys, long capacity,
			List<BookingRequested> leased) {
		long expiry = System.currentTimeMillis() + Duration.ofMinutes(10).toMillis();
		for (int from = 0; from < leased.size(); from += CHUNK) {
			Map<String, String> leases = new LinkedHashMap<>();
			Map<String, String> users = new LinkedHashMap<>();
			List<Object> scores = new ArrayList<>();
			for (BookingRequested request : leased.subList(from, Math.min(leased.size(), from + CHUNK))) {
				leases.put(request.bookingId().toString(), "1");
				users.put(request.bookingId().toString(), Long.toString(request.userId()));
				scores.add((double) expiry);
				scores.add(request.bookingId().toString());
			}
			valkey.hset(keys.leases(), leases);
			valkey.hset(keys.leaseUsers(), users);
			valkey.zadd(keys.leaseExpiry(), scores.toArray());
		}
		valkey.set(keys.leased(), Long.toString(leased.size()));
		valkey.set(keys.available(), Long.toString(capacity - leased.size()));
	}

	private static void drain(KafkaProducer<String, byte[]> producer, KafkaConsumer<String, byte[]> settled,
			long eventId, List<BookingRequested> requests, Map<String, Long> pids, boolean report) {
		settled.seekToEnd(settled.assignment());
		settled.assignment().forEach(settled::position);
		String key = Long.toString(eventId);
		producer.beginTransaction();
		for (BookingRequested request : requests) {
			producer.send(new ProducerRecord<>(BookingTopics.REQUESTED, key, JSON.writeValueAsBytes(request)));
		}
		producer.commitTransaction();
		long start = System.nanoTime();
		Map<String, Double> cpuAtStart = cpu(pids);
		long deadline = start + Duration.ofMinutes(15).toNanos();
		long nextReport = start + Duration.ofSeconds(5).toNanos();
		int seen = 0;
		int seenAtReport = 0;
		while (seen < requests.size() && System.nanoTime() < deadline) {
			for (ConsumerRecord<String, byte[]> record : settled.poll(Duration.ofMillis(5))) {
				if (key.equals(record.key())) {
					seen++;
				}
			}
			if (report && System.nanoTime() >= nextReport) {
				System.out.printf(Locale.ROOT, "  %5.1f s: %,d settled, %,.0f/s over the last 5 s%n",
						(System.nanoTime() - start) / 1e9, seen, (seen - seenAtReport) / 5.0);
				seenAtReport = seen;
				nextReport += Duration.ofSeconds(5).toNanos();
			}
		}
		if (!report) {
			return;
		}
		double seconds = (System.nanoTime() - start) / 1e9;
		Map<String, Double> cpuAtEnd = cpu(pids);
		StringBuilder used = new StringBuilder();
		int done = seen;
		cpuAtEnd.forEach((name, at) -> used.append(String.format(Locale.ROOT, " %s %.1f s (%.0f µs/booking);", name,
				at - cpuAtStart.get(name), (at - cpuAtStart.get(name)) * 1e6 / Math.max(1, done))));
		System.out.printf(Locale.ROOT, "  drained %,d of %,d in %.1f s: %,.0f bookings/s; CPU:%s%n", seen,
				requests.size(), seconds, seen / seconds, used);
	}

	private static Map<String, Double> cpu(Map<String, Long> pids) {
		Map<String, Double> seconds = new LinkedHashMap<>();
		pids.forEach((name, pid) -> {
			try {
				String[] fields = Files.readString(Path.of("/proc/" + pid + "/stat")).replaceFirst(".*\\) ", "").split(" ");
				seconds.put(name, (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) / 100.0);
			}
			catch (Exception ex) {
				seconds.put(name, 0.0);
			}
		});
		return seconds;
	}

}
