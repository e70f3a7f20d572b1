package io.minitickets.loadtests.bench;

import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.lettuce.core.RedisURI;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.DefaultClientResources;
import io.minitickets.core.valkey.ValkeyConnection;
import io.minitickets.core.valkey.ValkeyKeys;
import io.minitickets.localstack.valkey.ValkeyProbe;

/**
 * One bench run on one shared {@link ValkeyConnection}, with a key prefix of its own ({@code bench-<8 hex>:}).
 * <p>
 * Every case first runs unmeasured for the warm-up, so the JIT has compiled the client's paths before the first
 * baseline is measured. Then the cases are measured in rounds, 1 s per case per round, as many rounds as the window
 * has seconds: on a machine shared with other work, a burst of someone else's load then slows every case a little
 * instead of one case a lot, and the ratios to the baselines stay comparable. Every key under the prefix is deleted
 * at the end (SCAN + UNLINK; never FLUSHDB, the server may be shared).
 */
final class ScriptBench {

	/**
	 * Longer than production's 250 ms: a benchmark measures slow calls, it does not fail fast on them. A call slower
	 * than this fails the run.
	 */
	private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(2);

	private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(2);

	private static final Duration SLICE = Duration.ofSeconds(1);

	private final String valkeyUrl;

	private final CallerLoad load;

	private final Duration warmUp;

	private final Duration window;

	private final PrintWriter out;

	/**
	 * @param valkeyUrl the server, a redis:// URL
	 * @param load the callers that drive each case
	 * @param warmUp how long each case runs unmeasured before any is measured
	 * @param window how long each case is measured, in whole seconds (one round per second)
	 * @param out where progress is printed
	 */
	ScriptBench(String valkeyUrl, CallerLoad load, Duration warmUp, Duration window, PrintWriter out) {
		this.valkeyUrl = valkeyUrl;
		this.load = load;
		this.warmUp = warmUp;
		this.window = window;
		this.out = out;
	}

	/**
	 * Runs every case and cleans up.
	 * @return the figures
	 * @throws io.minitickets.localstack.stack.StackException when a call failed
	 */
	ScriptReport run() {
		double loadAverage = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
		String prefix = "bench-" + HexFormat.of().formatHex(new SecureRandom().generateSeed(4)) + ":";
		RedisURI server = RedisURI.create(this.valkeyUrl);
		this.out.printf(Locale.ROOT, "Valkey %s:%d, keys under %s, load average %.2f; %d callers, %d s warm-up and "
				+ "%d s measured per case%n", server.getHost(), server.getPort(), prefix, loadAverage,
				this.load.callers(), this.warmUp.toSeconds(), this.window.toSeconds());
		ClientResources resources = DefaultClientResources.create();
		try (ValkeyConnection connection = new ValkeyConnection("bench", this.valkeyUrl, COMMAND_TIMEOUT,
				CONNECT_TIMEOUT, resources)) {
			BenchCases cases = BenchCases.prepare(connection, new ValkeyKeys(prefix));
			this.out.println("Warming up...");
			this.out.flush();
			cases.all().forEach((benchCase) -> this.load.run(benchCase, this.warmUp));
			Map<BenchCase, Measurement> measured = measureInRounds(cases.all());
			Measurement get = measured.get(cases.get());
			Measurement evalsha = measured.get(cases.evalsha());
			List<BenchRow> rows = cases.all()
				.stream()
				.map((benchCase) -> BenchRow.compare(measured.get(benchCase), get, evalsha))
				.toList();
			return new ScriptReport(this.load.callers(), this.warmUp.toSeconds(), this.window.toSeconds(), loadAverage,
					rows);
		}
		finally {
			resources.shutdown(0, CONNECT_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS).awaitUninterruptibly();
			this.out.printf("Deleted %d keys under %s%n", ValkeyProbe.deleteKeys(this.valkeyUrl, prefix), prefix);
		}
	}

	private Map<BenchCase, Measurement> measureInRounds(List<BenchCase> cases) {
		Map<BenchCase, Measurement> measured = new LinkedHashMap<>();
		long rounds = this.window.dividedBy(SLICE);
		for (long round = 1; round <= rounds; round++) {
			this.out.printf("Measuring, round %d of %d...%n", round, rounds);
			this.out.flush();
			for (BenchCase benchCase : cases) {
				measured.merge(benchCase, this.load.run(benchCase, SLICE), Measurement::plus);
			}
		}
		return measured;
	}

}
