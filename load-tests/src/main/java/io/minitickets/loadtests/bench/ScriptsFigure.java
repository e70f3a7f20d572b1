package io.minitickets.loadtests.bench;

import java.time.Duration;
import java.util.Locale;

import io.minitickets.localstack.stack.StackException;
import io.minitickets.localstack.valkey.ValkeyProbe;

/**
 * {@code scripts}: the Valkey Lua scripts of the hot path (take-token, the sold-out RESERVE, an accepted booking's
 * RESERVE + SETTLE) against a GET and a trivial EVALSHA, on the machine's Valkey ({@code --valkey-url}), without the
 * stack; see {@link ScriptBench}. Prints its own table; its rows are reported, without a bar.
 */
public final class ScriptsFigure implements Figure {

	/** The figure's name. */
	public static final String NAME = "scripts";

	/** How long each case runs unmeasured before the first is measured: the JIT compiles the client's paths. */
	private static final Duration WARM_UP = Duration.ofSeconds(1);

	@Override
	public String name() {
		return NAME;
	}

	@Override
	public Measured measure(BenchContext context) {
		BenchOptions options = context.options();
		if (!ValkeyProbe.reachable(options.valkeyUrl())) {
			throw new StackException("No Valkey answers at " + options.valkeyUrl()
					+ "; start one, or point --valkey-url or MINITICKETS_VALKEY_URL at one");
		}
		ScriptReport report = new ScriptBench(options.valkeyUrl(), new CallerLoad(options.callers()), WARM_UP,
				Duration.ofSeconds(options.scriptSeconds()), context.out())
			.run();
		context.out().println();
		context.out().print(report.table());
		context.out().flush();
		Bar[] bars = report.rows()
			.stream()
			.map((row) -> Bar.report("scripts: " + row.name() + " ops/s",
					String.format(Locale.ROOT, "%,.0f (%.2f× GET)", row.opsPerSecond(), row.throughputVsGet())))
			.toArray(Bar[]::new);
		return Measured.of(report, bars);
	}

}
