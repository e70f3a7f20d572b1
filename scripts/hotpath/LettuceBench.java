import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.concurrent.*;
import java.util.concurrent.atomic.*;
import io.lettuce.core.*;
import io.lettuce.core.api.StatefulRedisConnection;

/**
 * This process's CPU time per EVALSHA on one shared Lettuce connection, from virtual threads, for three ways of
 * waiting: the synchronous API, the asynchronous API with a timed {@code get} and with an untimed {@code get},
 * alternating rounds in one run (issue 8: does Lettuce's async API save the booking path CPU?). Needs a Valkey on
 * 127.0.0.1:6379; the script only reads keys {@code lettuce-bench:*}, so nothing is written but the script cache.
 * <p>
 * Usage: {@code java -cp "local-stack/target/lib/*" scripts/hotpath/LettuceBench.java THREADS SECONDS ROUNDS}
 */
public class LettuceBench {
	public static void main(String[] args) throws Exception {
		int threads = Integer.parseInt(args[0]);
		int seconds = Integer.parseInt(args[1]);
		int rounds = Integer.parseInt(args[2]);
		RedisClient client = RedisClient.create(RedisURI.create("redis://127.0.0.1:6379"));
		client.setOptions(ClientOptions.builder().timeoutOptions(TimeoutOptions.enabled(Duration.ofMillis(250))).build());
		StatefulRedisConnection<String, String> c = client.connect();
		String script = "local v = redis.call('GET', KEYS[1]) return {1, 2, 3}";
		String sha = c.sync().scriptLoad(script);
		var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
		for (int r = 0; r < rounds; r++) {
			for (String mode : new String[] { "sync", "async", "untimed" }) {
				AtomicLong calls = new AtomicLong();
				AtomicBoolean stop = new AtomicBoolean();
				long cpu0 = os.getProcessCpuTime();
				long t0 = System.nanoTime();
				try (ExecutorService ex = Executors.newVirtualThreadPerTaskExecutor()) {
					for (int i = 0; i < threads; i++) {
						String key = "lettuce-bench:" + i;
						ex.submit(() -> {
							while (!stop.get()) {
								java.util.List<Long> reply;
								if (mode.equals("sync")) {
									reply = c.sync().evalsha(sha, ScriptOutputType.MULTI, new String[] { key }, "a", "b");
								}
								else if (mode.equals("untimed")) {
									try {
										reply = c.async().<java.util.List<Long>>evalsha(sha, ScriptOutputType.MULTI, new String[] { key }, "a", "b").get();
									}
									catch (Exception e) { throw new RuntimeException(e); }
								}
								else {
									try {
										reply = c.async().<java.util.List<Long>>evalsha(sha, ScriptOutputType.MULTI, new String[] { key }, "a", "b").get(250, TimeUnit.MILLISECONDS);
									}
									catch (Exception e) { throw new RuntimeException(e); }
								}
								if (reply.size() != 3) throw new IllegalStateException();
								calls.incrementAndGet();
							}
							return null;
						});
					}
					Thread.sleep(seconds * 1000L);
					stop.set(true);
				}
				long cpu = os.getProcessCpuTime() - cpu0;
				long n = calls.get();
				System.out.printf("round %d %-5s calls/s %8.0f  CPU µs/call %6.2f  load %s%n", r, mode,
						n / ((System.nanoTime() - t0) / 1e9), cpu / 1000.0 / n,
						new String(java.nio.file.Files.readAllBytes(java.nio.file.Path.of("/proc/loadavg"))).trim());
			}
		}
		c.close();
		client.shutdown();
	}
}
