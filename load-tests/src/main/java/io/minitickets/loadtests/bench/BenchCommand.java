package io.minitickets.loadtests.bench;

import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import io.minitickets.localstack.stack.StateDirectoryOption;
import io.minitickets.loadtests.bench.eta.EtaFigure;
import io.minitickets.loadtests.bench.expiry.ExpiryFigure;
import io.minitickets.loadtests.bench.pushvspoll.PushVsPollFigure;
import io.minitickets.loadtests.bench.streams.StreamsFigure;
import io.minitickets.loadtests.bench.timetoknow.TimeToKnowFigure;
import io.minitickets.loadtests.bench.waitingroom.WaitingRoomFigure;
import io.minitickets.loadtests.bench.worker.WorkerVersusSingleTransactions;

/**
 * {@code minitickets bench}: issue 8's figures in one run, product and ceiling side by side. Each {@link Figure} is
 * measured in {@link #FIGURES} order ({@code --only NAME} measures one), then a table prints each value beside its bar
 * with pass or MISS, and {@code --json FILE} writes {@code {"machine":{...}, "<figure>":{...}, ...}}. The HTTP
 * figures run on the local stack (started when none runs, stopped at the end when the bench started it) and share
 * one load generator design and connection count; the worker figure starts a stack of its own, and the limiter and
 * scripts figures need only the machine's Valkey.
 * <p>
 * Exit code 0 when every invariant held (missed bars are reported, not failures: they are performance figures on a
 * shared machine), 1 when one broke (oversold, a 202 that never settled), 2 when the bench could not run.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
		description = "Measure issue 8's figures in one run (ceiling, sold-out stampede and accepting, each without "
				+ "and with Idempotency-Keys, gate on/off, big sale, 100,000 holds expiring at once, worker vs one booking "
				+ "per transaction, time to know over SSE, ETA honesty, limiter vs Bucket4j, Valkey scripts, 20,000 status "
				+ "streams held, SSE vs polling, the waiting room) and print each beside its bar. Exit code 1 when an "
				+ "invariant broke.")
public final class BenchCommand implements Callable<Integer> {

	/**
	 * Every figure, in run order: the ceiling and the worker first, as the product figures' bars are shares of them
	 * (the accepting figures' drain after the window is held to half the worker's rate); timeToKnow after the accepting
	 * figures, whose rate it halves.
	 */
	static final List<Figure> FIGURES = List.of(new CeilingFigure(), new WorkerVersusSingleTransactions(),
			StampedeFigure.withoutKeys(), StampedeFigure.withKeys(), AcceptingFigure.withoutKeys(),
			AcceptingFigure.withKeys(), new TimeToKnowFigure(), new GateFigure(), new BigSaleFigure(),
			new ExpiryFigure(), new EtaFigure(), new LimiterVersusBucket4j(), new ScriptsFigure(), new StreamsFigure(),
			new PushVsPollFigure(), new WaitingRoomFigure());

	@Mixin
	private StateDirectoryOption state = new StateDirectoryOption();

	@Option(names = "--only", paramLabel = "NAME", split = ",",
			description = "Measure only these figures (comma-separated): ceiling, worker, stampede, stampedeKeyed, "
					+ "accepting, acceptingKeyed, timeToKnow, gate, bigSale, expiry, eta, limiter, scripts, streams, "
					+ "pushVsPoll, waitingRoom.")
	private @Nullable List<String> only;

	@Option(names = "--connections", defaultValue = "64",
			description = "HTTP connections of the load generator, for the ceiling and api-service alike "
					+ "(default ${DEFAULT-VALUE}).")
	private int connections;

	@Option(names = "--warm-up", paramLabel = "SECONDS", defaultValue = "20",
			description = "Unmeasured load before each HTTP figure (default ${DEFAULT-VALUE}).")
	private int warmUpSeconds;

	@Option(names = "--window", paramLabel = "SECONDS", defaultValue = "20",
			description = "Measured seconds of each HTTP figure, and of the stampede's open model "
					+ "(default ${DEFAULT-VALUE}).")
	private int windowSeconds;

	@Option(names = "--users", defaultValue = "20000",
			description = "Users the stampede and accepting requests are spread over, so that the limiter lets "
					+ "them through (default ${DEFAULT-VALUE}).")
	private int users;

	@Option(names = "--scale", defaultValue = "1",
			description = "Size of the gate, big-sale, worker, expiry, eta, streams and pushVsPoll figures as a share "
					+ "of 10,000 and 1,000,000 requests, 100,000 pre-filled bookings, 100,000 holds due at once, a "
					+ "backlog of 100,000 bookings, 20,000 streams held (and their 30 s idle window) and 10,000 "
					+ "customers each way (default ${DEFAULT-VALUE}).")
	private double scale;

	@Option(names = "--valkey-url", defaultValue = "${env:MINITICKETS_VALKEY_URL:-redis://127.0.0.1:6379}",
			description = "The Valkey or Redis the limiter and scripts figures measure "
					+ "(default ${DEFAULT-VALUE}, from MINITICKETS_VALKEY_URL when set).")
	private String valkeyUrl = "redis://127.0.0.1:6379";

	@Option(names = "--callers", defaultValue = "64",
			description = "Limiter and scripts figures: concurrent callers (default ${DEFAULT-VALUE}).")
	private int callers;

	@Option(names = "--seconds", defaultValue = "5",
			description = "Limiter and scripts figures: measured seconds per case, as that many rounds of 1 s per case, "
					+ "after 1 s of warm-up per case; worker figure: the baseline's window per round "
					+ "(default ${DEFAULT-VALUE}).")
	private int seconds;

	@Option(names = "--json", paramLabel = "FILE", description = "Also write the report to FILE as JSON.")
	private @Nullable Path json;

	@Spec
	private CommandSpec spec;

	@Override
	public Integer call() {
		List<Figure> figures = figures();
		if (this.callers < 1 || this.seconds < 1 || this.connections < 1 || this.warmUpSeconds < 1
				|| this.windowSeconds < 1 || this.users < 2 || !(this.scale > 0)) {
			throw new ParameterException(this.spec.commandLine(), "--callers, --seconds, --connections, --warm-up "
					+ "and --window must be at least 1, --users at least 2, --scale above 0");
		}
		PrintWriter out = this.spec.commandLine().getOut();
		BenchOptions options = new BenchOptions(this.connections, Duration.ofSeconds(this.warmUpSeconds),
				Duration.ofSeconds(this.windowSeconds), this.users, this.scale, this.valkeyUrl, this.callers,
				this.seconds);
		double loadBefore = loadAverage();
		BenchReport report = new BenchReport(machine(loadBefore, loadBefore), Map.of(), List.of(), List.of());
		try (BenchContext context = new BenchContext(options, out, this.state.resolve())) {
			for (Figure figure : figures) {
				context.progress("%n== %s ==", figure.name());
				Measured measured = measure(figure, context);
				measured.bars()
					.forEach((bar) -> context.progress("%s: %s (bar %s) %s", bar.label(), bar.value(), bar.bar(),
							bar.verdict()));
				context.record(figure.name(), measured.figures());
				report = report.with(figure.name(), measured);
			}
		}
		report = new BenchReport(machine(loadBefore, loadAverage()), report.figures(), report.bars(),
				report.breaches());
		out.print(report.table());
		if (this.json != null) {
			report.write(this.json);
			out.println("Wrote " + this.json);
		}
		report.breaches().forEach((breach) -> out.println("FAILED: " + breach));
		out.flush();
		return report.breaches().isEmpty() ? 0 : 1;
	}

	/**
	 * A figure that cannot be measured (a service or Valkey that stops answering on a busy machine) is reported as a
	 * breach, and the run goes on with the next, so that one failure does not lose the others' figures.
	 */
	private static Measured measure(Figure figure, BenchContext context) {
		try {
			return figure.measure(context);
		}
		catch (RuntimeException ex) {
			context.progress("%s could not be measured: %s", figure.name(), ex);
			return new Measured(Map.of("error", String.valueOf(ex)), List.of(),
					List.of(figure.name() + " could not be measured: " + ex));
		}
	}

	private List<Figure> figures() {
		if (this.only == null) {
			return FIGURES;
		}
		List<String> names = FIGURES.stream().map(Figure::name).toList();
		this.only.stream().filter((name) -> !names.contains(name)).findFirst().ifPresent((name) -> {
			throw new ParameterException(this.spec.commandLine(), "--only " + name + ": no such figure; one of " + names);
		});
		return FIGURES.stream().filter((figure) -> this.only.contains(figure.name())).toList();
	}

	private BenchReport.Machine machine(double loadBefore, double loadAfter) {
		return new BenchReport.Machine(Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"),
				loadBefore, loadAfter, this.connections);
	}

	private static double loadAverage() {
		return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
	}

}
