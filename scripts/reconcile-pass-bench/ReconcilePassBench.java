import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import io.lettuce.core.ScanArgs;
import io.lettuce.core.ScanIterator;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.DefaultClientResources;
import io.minitickets.core.inventory.GateProperties;
import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.reconcile.EventReconcile;
import io.minitickets.core.reconcile.EventReconciler;
import io.minitickets.core.reconcile.ExpiredLeaseRejections;
import io.minitickets.core.reconcile.InventoryTruths;
import io.minitickets.core.valkey.ValkeyConnection;
import io.minitickets.core.valkey.ValkeyKeys;
import org.postgresql.ds.PGSimpleDataSource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionOperations;

/**
 * One event's reconcile passes (booking-core's {@link EventReconciler}, as the reconciler runs it) on an event with
 * many live leases and many confirmed bookings; see {@code scripts/reconcile-pass-bench/run} for the options and
 * docs/BENCHMARKS.md, "Reconcile pass with many live leases", for figures.
 * <p>
 * Builds a scratch database of its own (dropped at the end) and keys under a prefix of its own on the given Valkey
 * (deleted at the end with SCAN + UNLINK; never FLUSHDB, the server may be shared). The event gets {@code --confirmed}
 * confirmed bookings inserted after its table's statistics were taken (statistics lagging a sale's inserts) and
 * {@code --leases} leases, of which {@code --expired} have expired and {@code --orphans} belong to bookings Postgres
 * has confirmed; its counter is off by 5 seats, so the first pass expires, settles orphans and repairs drift, later
 * passes find nothing to do. With {@code --leased-total kept} (the default) the event's total of leased seats is
 * written as RESERVE would have kept it; with {@code missing} it is left out, as in state written before the total
 * existed, so the first pass recounts it in chunks outside the script. Statements are server-prepared from their
 * first run ({@code prepareThreshold=1}) with
 * {@code plan_cache_mode=force_generic_plan}: the plans the reconciler gets after a statement's fifth run.
 * <p>
 * Per pass it prints the wall time, the repairs, this run's own commands in Valkey's slowlog (the server's threshold,
 * read not changed) and the latency of a PING sent every millisecond on another connection meanwhile: what every
 * other Valkey client saw.
 */
public final class ReconcilePassBench {

	private static final long CAPACITY = 1_000_000_000;

	/** Seats the counter is set above the truth, so that the first pass repairs it. */
	private static final long DRIFT = 5;

	public static void main(String[] args) throws Exception {
		Map<String, String> options = new LinkedHashMap<>(Map.of("--leases", "100000", "--confirmed", "100000",
				"--expired", "500", "--orphans", "100", "--passes", "3", "--leased-total", "kept", "--postgres",
				"jdbc:postgresql://127.0.0.1:5432/postgres?user=postgres", "--valkey", "redis://127.0.0.1:6379"));
		for (int i = 0; i + 1 < args.length; i += 2) {
			if (!options.containsKey(args[i])) {
				throw new IllegalArgumentException("Unknown option " + args[i] + "; known: " + options.keySet());
			}
			options.put(args[i], args[i + 1]);
		}
		int leases = Integer.parseInt(options.get("--leases"));
		int confirmed = Integer.parseInt(options.get("--confirmed"));
		int expired = Integer.parseInt(options.get("--expired"));
		int orphans = Integer.parseInt(options.get("--orphans"));
		int passes = Integer.parseInt(options.get("--passes"));
		boolean leasedTotal = switch (options.get("--leased-total")) {
			case "kept" -> true;
			case "missing" -> false;
			default -> throw new IllegalArgumentException("--leased-total is kept or missing");
		};
		String hex = HexFormat.of().formatHex(new SecureRandom().generateSeed(4));
		String database = "reconcile_pass_bench_" + hex;
		String prefix = "bench-" + hex + ":";
		String adminUrl = options.get("--postgres");
		String valkeyUrl = options.get("--valkey");
		System.out.printf(Locale.ROOT, "leases %,d (expired %,d, orphaned %,d, leased total %s), confirmed %,d; "
				+ "database %s, keys under %s; load average %.2f%n", leases, expired, orphans,
				options.get("--leased-total"), confirmed, database, prefix,
				java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
		try (Connection admin = DriverManager.getConnection(adminUrl); Statement statement = admin.createStatement()) {
			statement.execute("create database " + database);
		}
		String url = adminUrl.replaceFirst("/[^/?]*(\\?|$)", "/" + database + "$1");
		ClientResources resources = DefaultClientResources.create();
		RedisClient raw = RedisClient.create(resources, valkeyUrl);
		try (StatefulRedisConnection<String, String> prober = raw.connect();
				StatefulRedisConnection<String, String> setup = raw.connect();
				ValkeyConnection valkey = new ValkeyConnection("gate", valkeyUrl, Duration.ofSeconds(30),
						Duration.ofSeconds(2), resources)) {
			long eventId = 1;
			List<UUID> orphanIds = prepareDatabase(url, confirmed, orphans);
			ValkeyKeys keys = new ValkeyKeys(prefix);
			prepareGate(setup.sync(), keys.event(eventId), leases, expired, orphanIds,
					CAPACITY - confirmed - orphans, leasedTotal);
			PGSimpleDataSource dataSource = new PGSimpleDataSource();
			dataSource.setURL(url + (url.contains("?") ? "&" : "?")
					+ "prepareThreshold=1&options=-c%20plan_cache_mode%3Dforce_generic_plan");
			EventReconciler reconciler = new EventReconciler(
					new InventoryGate(valkey, keys, new GateProperties(true, Duration.ofMinutes(10), Duration.ofHours(24))),
					new InventoryTruths(JdbcClient.create(dataSource), Duration.ofMinutes(2)),
					new ExpiredLeaseRejections(JdbcClient.create(dataSource), TransactionOperations.withoutTransaction()),
					500, Duration.ZERO);
			String threshold = setup.sync().configGet("slowlog-log-slower-than").values().iterator().next();
			for (int pass = 1; pass <= passes; pass++) {
				runPass(pass, reconciler, eventId, prober.sync(), setup.sync(), prefix, threshold);
			}
		}
		finally {
			try (StatefulRedisConnection<String, String> cleanup = raw.connect()) {
				long deleted = 0;
				ScanIterator<String> scan = ScanIterator.scan(cleanup.sync(), ScanArgs.Builder.matches(prefix + "*"));
				while (scan.hasNext()) {
					deleted += cleanup.sync().unlink(scan.next());
				}
				System.out.printf("Deleted %d keys under %s%n", deleted, prefix);
			}
			raw.shutdown();
			resources.shutdown(0, 2, TimeUnit.SECONDS).awaitUninterruptibly();
			try (Connection admin = DriverManager.getConnection(adminUrl);
					Statement statement = admin.createStatement()) {
				statement.execute("drop database if exists " + database + " with (force)");
				System.out.println("Dropped database " + database);
			}
		}
	}

	private static List<UUID> prepareDatabase(String url, int confirmed, int orphans) throws Exception {
		try (Connection connection = DriverManager.getConnection(url); Statement statement = connection.createStatement()) {
			statement.execute(new String(ReconcilePassBench.class.getResourceAsStream(
					"/db/migration/V1__users_events_bookings.sql").readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
			statement.execute("alter table bookings set (autovacuum_enabled = false)");
			statement.execute("insert into events (id, name, capacity, sale_opens_at) values (1, 'many leases', "
					+ CAPACITY + ", now())");
			statement.execute("""
					insert into bookings (id, event_id, user_id, quantity, status, gated, requested_at)
					select gen_random_uuid(), 100 + g, g, 1, 'CONFIRMED', true, now() from generate_series(1, 20000) g""");
			statement.execute("analyze bookings");
			statement.execute("""
					insert into bookings (id, event_id, user_id, quantity, status, gated, requested_at)
					select gen_random_uuid(), 1, g, 1, 'CONFIRMED', true, now() from generate_series(1, %d) g"""
				.formatted(confirmed + orphans));
			statement.execute("update events set seats_sold = %d where id = 1".formatted(confirmed + orphans));
			List<UUID> orphanIds = new ArrayList<>();
			try (var rs = statement.executeQuery("select id from bookings where event_id = 1 limit " + orphans)) {
				while (rs.next()) {
					orphanIds.add(rs.getObject(1, UUID.class));
				}
			}
			return orphanIds;
		}
	}

	private static void prepareGate(RedisCommands<String, String> valkey, ValkeyKeys.EventKeys keys, int leases,
			int expired, List<UUID> orphanIds, long capacityLeft, boolean leasedTotal) {
		long nowMs = System.currentTimeMillis();
		List<String> ids = new ArrayList<>(leases);
		ids.addAll(orphanIds.stream().map(UUID::toString).toList());
		while (ids.size() < leases) {
			ids.add(UUID.randomUUID().toString());
		}
		Collections.shuffle(ids);
		for (int from = 0; from < ids.size(); from += 1000) {
			Map<String, String> chunk = new LinkedHashMap<>();
			List<Object> scores = new ArrayList<>();
			for (int i = from; i < Math.min(ids.size(), from + 1000); i++) {
				chunk.put(ids.get(i), "1");
				scores.add((double) ((i < expired) ? nowMs - 1000 : nowMs + 600_000));
				scores.add(ids.get(i));
			}
			valkey.hset(keys.leases(), chunk);
			valkey.zadd(keys.leaseExpiry(), scores.toArray());
		}
		valkey.set(keys.available(), Long.toString(capacityLeft - (ids.size() - orphanIds.size()) + DRIFT));
		valkey.set(keys.version(), "0");
		if (leasedTotal) {
			valkey.set(keys.leased(), Integer.toString(ids.size()));
		}
	}

	private static void runPass(int pass, EventReconciler reconciler, long eventId, RedisCommands<String, String> prober,
			RedisCommands<String, String> setup, String prefix, String threshold) throws Exception {
		long lastSlowlogId = slowlog(setup, 1).stream().mapToLong(SlowEntry::id).max().orElse(-1);
		List<Long> pings = Collections.synchronizedList(new ArrayList<>());
		AtomicBoolean running = new AtomicBoolean(true);
		Thread probe = Thread.ofPlatform().start(() -> {
			while (running.get()) {
				long t0 = System.nanoTime();
				prober.ping();
				pings.add(System.nanoTime() - t0);
				try {
					Thread.sleep(1);
				}
				catch (InterruptedException ex) {
					return;
				}
			}
		});
		long t0 = System.nanoTime();
		EventReconcile result = reconciler.reconcile(eventId);
		long passMs = (System.nanoTime() - t0) / 1_000_000;
		running.set(false);
		probe.join();
		List<SlowEntry> ours = slowlog(setup, 128).stream()
			.filter((entry) -> entry.id() > lastSlowlogId && entry.mentions(prefix))
			.toList();
		List<Long> sorted = new ArrayList<>(pings);
		Collections.sort(sorted);
		System.out.printf(Locale.ROOT, "pass %d: %,d ms, counter %s, repairs %s%n", pass, passMs, result.counter().kind(),
				result.repairs());
		System.out.printf(Locale.ROOT, "  slowlog (> %s µs), this run's commands: %d, total %.1f ms: %s%n", threshold,
				ours.size(), ours.stream().mapToLong(SlowEntry::micros).sum() / 1000.0,
				ours.reversed().stream().map(SlowEntry::toString).toList());
		System.out.printf(Locale.ROOT, "  PING every 1 ms meanwhile: %d sent, p50 %.2f ms, p99 %.2f ms, max %.2f ms, "
				+ "%d over 10 ms%n", sorted.size(), percentile(sorted, 0.5), percentile(sorted, 0.99),
				percentile(sorted, 1.0), sorted.stream().filter((ns) -> ns > 10_000_000).count());
	}

	private static double percentile(List<Long> sorted, double p) {
		return sorted.isEmpty() ? 0 : sorted.get((int) Math.min(sorted.size() - 1, Math.ceil(p * sorted.size()) - 1))
				/ 1e6;
	}

	private static List<SlowEntry> slowlog(RedisCommands<String, String> valkey, int count) {
		List<SlowEntry> entries = new ArrayList<>();
		for (Object raw : valkey.slowlogGet(count)) {
			List<?> entry = (List<?>) raw;
			List<?> command = (List<?>) entry.get(3);
			List<String> words = command.stream().map(String::valueOf).toList();
			entries.add(new SlowEntry((Long) entry.get(0), (Long) entry.get(2), words));
		}
		return entries;
	}

	private record SlowEntry(long id, long micros, List<String> command) {

		boolean mentions(String prefix) {
			return this.command.stream().anyMatch((word) -> word.startsWith(prefix));
		}

		@Override
		public String toString() {
			String name = this.command.get(0);
			return String.format(Locale.ROOT, "%s %.1f ms",
					name.equalsIgnoreCase("EVALSHA") ? name + " " + this.command.get(1).substring(0, 8) : name,
					this.micros / 1000.0);
		}

	}

}
