package io.minitickets.loadtests.bench.eta;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * The ETA figure's arithmetic: which samples count, and the percentiles of their errors (nearest rank).
 */
final class Errors {

	private Errors() {
	}

	/**
	 * @param backlog the backlog's bookings
	 * @param cap the worker's cap, per second
	 * @param samples the samples, in sending order
	 * @param answers the backlog's answers per HTTP status
	 * @param isVoid whether those answers make the figure void
	 * @return the figure
	 */
	static EtaFigure.Figures figures(int backlog, double cap, List<Sample> samples, Map<Integer, Long> answers,
			boolean isVoid) {
		List<Double> errors = new ArrayList<>();
		List<Double> actuals = new ArrayList<>();
		int absent = 0;
		int unsettled = 0;
		int refused = 0;
		List<List<@Nullable Number>> rows = new ArrayList<>();
		for (Sample sample : samples) {
			if (sample.status() != 202) {
				refused++;
				continue;
			}
			rows.add(Arrays.asList(sample.ahead(), sample.etaSeconds(),
					(sample.actualSeconds() != null) ? Math.round(sample.actualSeconds() * 10) / 10.0 : null));
			if (sample.actualSeconds() == null) {
				unsettled++;
			}
			else if (sample.etaSeconds() == null) {
				absent++;
			}
			else {
				Double error = sample.errorPct();
				if (error != null) {
					errors.add(error);
					actuals.add(sample.actualSeconds());
				}
			}
		}
		return new EtaFigure.Figures(backlog, cap, samples.size(), errors.size(), absent, unsettled, refused,
				percentile(errors, 50), percentile(errors, 90), percentile(actuals, 50), rows, answers, isVoid);
	}

	/**
	 * @param values some values
	 * @param percentile from 0 to 100
	 * @return the nearest-rank percentile, rounded to 0.1; null when there are no values
	 */
	static @Nullable Double percentile(List<Double> values, double percentile) {
		if (values.isEmpty()) {
			return null;
		}
		double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
		int rank = (int) Math.ceil(percentile / 100 * sorted.length);
		return Math.round(sorted[Math.max(0, rank - 1)] * 10) / 10.0;
	}

}
