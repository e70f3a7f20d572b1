package io.minitickets.loadtests.bench;

import java.util.List;
import java.util.Locale;

/**
 * The scripts figure: each Valkey script of the hot path beside a GET and a trivial EVALSHA in the same run.
 *
 * @param callers concurrent callers per case
 * @param warmUpSeconds unmeasured time before each case's window, in s
 * @param seconds each case's measured window, in s
 * @param loadAverageBefore the machine's 1-minute load average when the run began (negative when unknown)
 * @param rows the baselines first, then the scripts, in run order
 */
record ScriptReport(int callers, long warmUpSeconds, long seconds, double loadAverageBefore, List<BenchRow> rows) {

	private static final String ROW_FORMAT = "%-40s %10s %9s %9s %7s %10s   %s%n";

	ScriptReport {
		rows = List.copyOf(rows);
	}

	/**
	 * @return the table, one line per case with a header line, columns aligned
	 */
	String table() {
		StringBuilder table = new StringBuilder(
				String.format(ROW_FORMAT, "case", "ops/s", "p50 µs", "p99 µs", "× GET", "× EVALSHA", "answers"));
		for (BenchRow row : this.rows) {
			table.append(String.format(Locale.ROOT, ROW_FORMAT, row.name(), decimal("%,.0f", row.opsPerSecond()),
					decimal("%.0f", row.p50Micros()), decimal("%.0f", row.p99Micros()),
					decimal("%.2f", row.throughputVsGet()), decimal("%.2f", row.throughputVsEvalsha()),
					decimal("%.0f %% ", 100 * row.outcomeShare()) + row.outcome()));
		}
		return table.toString();
	}

	private static String decimal(String format, double value) {
		return String.format(Locale.ROOT, format, value);
	}

}
