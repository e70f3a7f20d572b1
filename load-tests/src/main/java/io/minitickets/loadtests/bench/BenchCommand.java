package io.minitickets.loadtests.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import io.minitickets.localstack.stack.StackException;
import io.minitickets.localstack.stack.StateDirectoryOption;
import io.minitickets.localstack.valkey.ValkeyProbe;
import io.minitickets.loadtests.bench.worker.WorkerFigure;
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

	/** What {@code --only} takes. */
	private static final List<String> FIGURES = List.of("limiter", "worker");

	/** Measured drains of the worker figure, each followed by a baseline window. */
	private static final int WORKER_ROUNDS = 3;

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
					+ "--callers and --seconds apply) or worker (booking-worker draining a pre-filled topic vs one "
					+ "booking per transaction, on a stack of its own; --bookings applies, --seconds is the "
					+ "baseline's window per round).")
	private @Nullable String only;

	@Option(names = "--bookings", defaultValue = "100000",
			description = "Worker figure: bookings of one hot event pre-filled per round (default ${DEFAULT-VALUE}).")
	private int bookings;

	@Spec
	private CommandSpec spec;

	@Override
	public Integer call() {
		if (this.callers < 1 || this.seconds < 1) {
			throw new ParameterException(this.spec.commandLine(), "--callers and --seconds must be at least 1");
		}
		if (this.only != null && !FIGURES.contains(this.only)) {
			throw new ParameterException(this.spec.commandLine(), "--only takes limiter or worker, not " + this.only);
		}
		PrintWriter out = this.spec.commandLine().getOut();
		if ("worker".equals(this.only)) {
			return writeFigure("worker", new WorkerFigure(System.out).run(new WorkerFigure.Settings(
					StateDirectoryOption.checkout(), temporaryStateDirectory(), this.bookings, WORKER_ROUNDS,
					Duration.ofSeconds(this.seconds))), out);
		}
		if (!ValkeyProbe.reachable(this.valkeyUrl)) {
			throw new StackException("No Valkey answers at " + this.valkeyUrl
					+ "; start one, or point --valkey-url or MINITICKETS_VALKEY_URL at one");
		}
		if ("limiter".equals(this.only)) {
			return writeFigure("limiter",
					new LimiterFigure(out).run(new LimiterFigure.Settings(this.valkeyUrl, this.callers, this.seconds)),
					out);
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

	private static Path temporaryStateDirectory() {
		try {
			return Files.createTempDirectory("minitickets-bench-worker-");
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot create a state folder for the worker figure's stack", ex);
		}
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
