package io.minitickets.loadtests.bench;

import java.util.Locale;
import java.util.Optional;

/**
 * Bars that hold a throughput to a share of the ceiling measured in the same run, and the ceiling's latency as the
 * machine's floor beside a product figure's.
 */
public final class Ceilings {

	private Ceilings() {
	}

	/**
	 * @param context the run, with the ceiling's figures when it measured them
	 * @param label what was measured
	 * @param rps the measured requests per second
	 * @param share the smallest share of the ceiling's requests per second that meets the bar
	 * @return the row; not judged when the run did not measure the ceiling
	 */
	static Bar share(BenchContext context, String label, double rps, double share) {
		String bar = String.format(Locale.ROOT, "≥ %.0f %% of the ceiling", share * 100);
		return context.figure(CeilingFigure.NAME, CeilingFigure.Figures.class)
			.map((ceiling) -> new Bar(label,
					String.format(Locale.ROOT, "%,.0f (%.1f %%)", rps, 100 * rps / ceiling.rps()), bar,
					rps >= share * ceiling.rps()))
			.orElseGet(() -> new Bar(label, String.format(Locale.ROOT, "%,.0f (no ceiling in this run)", rps), bar,
					null));
	}

	/**
	 * @param context the run, with the ceiling's figures when it measured them
	 * @return the ceiling's 99th percentile latency in the open model at half its throughput, in ms: what this machine
	 * adds to any request when the server is no limit; empty when the run did not measure the ceiling
	 */
	public static Optional<Double> openModelP99Ms(BenchContext context) {
		return context.figure(CeilingFigure.NAME, CeilingFigure.Figures.class).map(CeilingFigure.Figures::openModelP99Ms);
	}

}
