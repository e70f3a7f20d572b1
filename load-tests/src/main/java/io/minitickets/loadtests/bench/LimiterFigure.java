package io.minitickets.loadtests.bench;

import java.io.PrintWriter;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongFunction;
import java.util.stream.LongStream;

import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.distributed.BucketProxy;
import io.github.bucket4j.distributed.ExpirationAfterWriteStrategy;
import io.github.bucket4j.distributed.proxy.ProxyManager;
import io.github.bucket4j.redis.lettuce.Bucket4jLettuce;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.codec.RedisCodec;
import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.DefaultClientResources;
import io.minitickets.core.ratelimit.BucketPolicy;
import io.minitickets.core.ratelimit.RateLimiter;
import io.minitickets.core.ratelimit.TokenBucketScript;
import io.minitickets.core.valkey.ValkeyConnection;
import io.minitickets.core.valkey.ValkeyKeys;
import io.minitickets.localstack.valkey.ValkeyProbe;

/**
 * Our rate limiter (booking-core's {@link RateLimiter}, one {@code take-token.lua} EVALSHA per decision) against
 * Bucket4j's Lettuce backend (compare-and-swap: GET the serialized bucket, decide in the JVM, write it back with a
 * compare-and-swap script, retry on a lost race), on the same Valkey, with api-service's default booking bucket
 * (10 tokens, 1 token a second, refilled continuously by both) and the same callers (see {@link CallerLoad}), each
 * client on one Lettuce connection of its own.
 * <p>
 * Two shapes: every caller on one bucket (a scalper's hot key), and the callers going round 10,000 buckets (a sale's
 * users). On the hot key, ours is measured twice: as api-service calls it ({@link RateLimiter}, whose in-process
 * denial cache answers an empty bucket's callers with a map lookup) and as {@link TokenBucketScript} alone (one
 * EVALSHA per decision, the like-for-like comparison with Bucket4j's round trip). The five cases run in 1 s rounds,
 * interleaved as in {@link ScriptBench}, after 1 s of unmeasured warm-up each; each case's share of allowed decisions
 * is printed and kept. Keys live under a prefix of the run's own ({@code bench-<8 hex>:}), deleted at the end.
 */
public final class LimiterFigure {

	/** api-service's default booking bucket ({@code minitickets.rate-limit.booking-*}): 10 tokens, 1 per second. */
	static final BucketPolicy BOOKING_BUCKET = new BucketPolicy(10, Duration.ofSeconds(1));

	/** Buckets of the spread cases. */
	static final int SPREAD_KEYS = 10_000;

	private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(2);

	private static final Duration SLICE = Duration.ofSeconds(1);

	private static final Duration WARM_UP = Duration.ofSeconds(1);

	private final PrintWriter out;

	/**
	 * @param out where progress and the figure's table are printed
	 */
	public LimiterFigure(PrintWriter out) {
		this.out = out;
	}

	/**
	 * Measures the five cases.
	 * @param settings the server, the callers and the rounds
	 * @return decisions per second of each case
	 * @throws io.minitickets.localstack.stack.StackException when a call failed (Valkey unreachable, slower than 2 s,
	 * or an error reply)
	 */
	public LimiterResult run(Settings settings) {
		String prefix = "bench-" + HexFormat.of().formatHex(new SecureRandom().generateSeed(4)) + ":";
		this.out.printf(Locale.ROOT, "Limiter: Valkey %s, keys under %s; %d callers, %d rounds of 1 s per case%n",
				settings.valkeyUrl(), prefix, settings.callers(), settings.rounds());
		ClientResources resources = DefaultClientResources.create();
		RedisClient bucket4jClient = RedisClient.create(resources, RedisURI.create(settings.valkeyUrl()));
		bucket4jClient.setOptions(ClientOptions.builder().timeoutOptions(TimeoutOptions.enabled(COMMAND_TIMEOUT)).build());
		try (ValkeyConnection ours = new ValkeyConnection("limiter-bench", settings.valkeyUrl(), COMMAND_TIMEOUT,
				COMMAND_TIMEOUT, resources);
				StatefulRedisConnection<String, byte[]> theirs = bucket4jClient
					.connect(RedisCodec.of(StringCodec.UTF8, ByteArrayCodec.INSTANCE))) {
			Cases cases = cases(ours, new ValkeyKeys(prefix), Bucket4jLettuce.casBasedBuilder(theirs)
				.expirationAfterWrite(ExpirationAfterWriteStrategy.basedOnTimeForRefillingBucketUpToMax(SLICE))
				.build(), prefix);
			CallerLoad load = new CallerLoad(settings.callers());
			cases.all().forEach((benchCase) -> load.run(benchCase, WARM_UP));
			Map<BenchCase, Measurement> measured = new LinkedHashMap<>();
			for (int round = 1; round <= settings.rounds(); round++) {
				for (BenchCase benchCase : cases.all()) {
					measured.merge(benchCase, load.run(benchCase, SLICE), Measurement::plus);
				}
			}
			Measurement hot = measured.get(cases.hotKey());
			Measurement hotNoCache = measured.get(cases.hotKeyNoCache());
			Measurement bucket4jHot = measured.get(cases.bucket4jHotKey());
			Measurement spread = measured.get(cases.spread());
			Measurement bucket4jSpread = measured.get(cases.bucket4jSpread());
			LimiterResult result = new LimiterResult(hot.opsPerSecond(), hotNoCache.opsPerSecond(),
					bucket4jHot.opsPerSecond(), spread.opsPerSecond(), bucket4jSpread.opsPerSecond(),
					hot.countedShare(), hotNoCache.countedShare(), bucket4jHot.countedShare(), spread.countedShare(),
					bucket4jSpread.countedShare());
			print(measured, result);
			return result;
		}
		finally {
			bucket4jClient.shutdown(0, COMMAND_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
			resources.shutdown(0, COMMAND_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS).awaitUninterruptibly();
			this.out.printf("Deleted %d keys under %s%n", ValkeyProbe.deleteKeys(settings.valkeyUrl(), prefix), prefix);
		}
	}

	private static Cases cases(ValkeyConnection ours, ValkeyKeys keys, ProxyManager<String> bucket4j, String prefix) {
		RateLimiter limiter = new RateLimiter(ours, keys);
		TokenBucketScript script = new TokenBucketScript();
		String noCacheHotKey = keys.bucket("bench:hot-no-cache", "1");
		BucketConfiguration configuration = BucketConfiguration.builder()
			.addLimit((limit) -> limit.capacity(BOOKING_BUCKET.capacity())
				.refillGreedy(1, BOOKING_BUCKET.refillInterval()))
			.build();
		// Proxies made once, as an application keeps them: the figure measures the backend, not object creation.
		BucketProxy bucket4jHot = bucket4j.getProxy(prefix + "bucket4j:hot", () -> configuration);
		List<BucketProxy> bucket4jUsers = LongStream.range(0, SPREAD_KEYS)
			.mapToObj((user) -> bucket4j.getProxy(prefix + "bucket4j:user:" + user, () -> configuration))
			.toList();
		return new Cases(
				new BenchCase("ours, one hot key", "allowed",
						() -> limiter.tryAcquire("bench:hot", "1", BOOKING_BUCKET).allowed()),
				new BenchCase("ours, one hot key, no denial cache", "allowed",
						() -> script.take(ours, noCacheHotKey, BOOKING_BUCKET).allowed()),
				new BenchCase("Bucket4j, one hot key", "allowed", () -> bucket4jHot.tryConsume(1)),
				roundRobin("ours, 10,000 keys",
						(user) -> limiter.tryAcquire("bench:user", Long.toString(user), BOOKING_BUCKET).allowed()),
				roundRobin("Bucket4j, 10,000 keys", (user) -> bucket4jUsers.get((int) user).tryConsume(1)));
	}

	private static BenchCase roundRobin(String name, LongFunction<Boolean> callForUser) {
		AtomicLong calls = new AtomicLong();
		return new BenchCase(name, "allowed", () -> callForUser.apply(calls.getAndIncrement() % SPREAD_KEYS));
	}

	private void print(Map<BenchCase, Measurement> measured, LimiterResult result) {
		String format = "%-36s %10s %9s %9s   %s%n";
		this.out.printf(format, "case", "ops/s", "p50 µs", "p99 µs", "allowed");
		measured.forEach((benchCase, measurement) -> this.out.printf(Locale.ROOT, format, benchCase.name(),
				String.format(Locale.ROOT, "%,.0f", measurement.opsPerSecond()),
				String.format(Locale.ROOT, "%.0f", measurement.p50Micros()),
				String.format(Locale.ROOT, "%.0f", measurement.p99Micros()),
				percent(measurement.countedShare())));
		this.out.printf(Locale.ROOT, "ours / Bucket4j: one hot key %.2f× (bar 1.5×), without the denial cache %.2f× "
				+ "(no bar: one round trip each), 10,000 keys %.2f× (bar 1.0×)%n", result.hotKeyRatio(),
				result.hotKeyNoCacheRatio(), result.spreadRatio());
		this.out.flush();
	}

	/**
	 * @param share a share from 0 to 1
	 * @return it as a percentage, with enough digits that a hot key's few allowed decisions among a million do not
	 * print as 0
	 */
	static String percent(double share) {
		return String.format(Locale.ROOT, (share > 0 && share < 0.001) ? "%.4f %%" : "%.1f %%", 100 * share);
	}

	/**
	 * How the limiter figure runs.
	 *
	 * @param valkeyUrl the Valkey both limiters use, a redis:// URL
	 * @param callers concurrent callers of every case, at least 1
	 * @param rounds measured seconds per case, as that many interleaved rounds of 1 s, at least 1
	 */
	public record Settings(String valkeyUrl, int callers, int rounds) {

	}

	private record Cases(BenchCase hotKey, BenchCase hotKeyNoCache, BenchCase bucket4jHotKey, BenchCase spread,
			BenchCase bucket4jSpread) {

		List<BenchCase> all() {
			return List.of(this.hotKey, this.hotKeyNoCache, this.bucket4jHotKey, this.spread, this.bucket4jSpread);
		}

	}

}
