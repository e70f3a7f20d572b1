package io.minitickets.loadtests.bench;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Callable;

import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import io.minitickets.localstack.stack.StackException;
import io.minitickets.localstack.valkey.ValkeyProbe;
import io.minitickets.loadtests.report.JsonFiles;

/**
 * {@code minitickets bench}: the Valkey Lua scripts of a sale day's hot path (take-token, the sold-out RESERVE, an
 * accepted booking's RESERVE + SETTLE) measured against a GET and a trivial EVALSHA in the same run, with
 * booking-core's own {@code RateLimiter} and {@code InventoryGate} on one shared Lettuce connection, each caller a
 * virtual thread (see {@link CallerLoad}) and the cases interleaved in 1 s rounds (see {@link ScriptBench}). Prints
 * ops/s, p50/p99 latency in µs, and each case's throughput as a ratio to the two baselines' in the same run.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
		description = "Measure the Valkey Lua scripts of the booking hot path against a GET and a trivial EVALSHA "
				+ "on the machine's Valkey, using only keys under a prefix of its own (deleted at the end).")
public final class BenchCommand implements Callable<Integer> {

	/** How long each case runs unmeasured before the first is measured: the JIT compiles the client's paths. */
	private static final Duration WARM_UP = Duration.ofSeconds(1);

	@Option(names = "--valkey-url", defaultValue = "${env:MINITICKETS_VALKEY_URL:-redis://127.0.0.1:6379}",
			description = "The Valkey or Redis to measure "
					+ "(default ${DEFAULT-VALUE}, from MINITICKETS_VALKEY_URL when set).")
	private String valkeyUrl = "redis://127.0.0.1:6379";

	@Option(names = "--callers", defaultValue = "64",
			description = "Concurrent callers sharing the one connection (default ${DEFAULT-VALUE}).")
	private int callers;

	@Option(names = "--seconds", defaultValue = "5",
			description = "Measured seconds per case, as that many rounds of 1 s per case, after 1 s of warm-up "
					+ "per case (default ${DEFAULT-VALUE}).")
	private int seconds;

	@Option(names = "--json", paramLabel = "FILE", description = "Also write the report to FILE as JSON.")
	private @Nullable Path json;

	@Option(names = "--only", paramLabel = "FIGURE",
			description = "Run one figure instead of the scripts: limiter (ours vs Bucket4j's Lettuce backend; "
					+ "--callers and --seconds apply).")
	private @Nullable String only;

	@Spec
	private CommandSpec spec;

	@Override
	public Integer call() {
		if (this.callers < 1 || this.seconds < 1) {
			throw new ParameterException(this.spec.commandLine(), "--callers and --seconds must be at least 1");
		}
		if (!ValkeyProbe.reachable(this.valkeyUrl)) {
			throw new StackException("No Valkey answers at " + this.valkeyUrl
					+ "; start one, or point --valkey-url or MINITICKETS_VALKEY_URL at one");
		}
		PrintWriter out = this.spec.commandLine().getOut();
		if ("limiter".equals(this.only)) {
			return writeFigure("limiter",
					new LimiterFigure(out).run(new LimiterFigure.Settings(this.valkeyUrl, this.callers, this.seconds)),
					out);
		}
		if (this.only != null) {
			throw new ParameterException(this.spec.commandLine(), "--only takes limiter, not " + this.only);
		}
		BenchReport report = new ScriptBench(this.valkeyUrl, new CallerLoad(this.callers), WARM_UP,
				Duration.ofSeconds(this.seconds), out)
			.run();
		out.println();
		out.print(report.table());
		if (this.json != null) {
			report.write(this.json);
			out.println("Wrote " + this.json);
		}
		out.flush();
		return 0;
	}

	private int writeFigure(String name, Object figure, PrintWriter out) {
		if (this.json != null) {
			JsonFiles.write(Map.of(name, figure), this.json);
			out.println("Wrote " + this.json);
		}
		out.flush();
		return 0;
	}

}
