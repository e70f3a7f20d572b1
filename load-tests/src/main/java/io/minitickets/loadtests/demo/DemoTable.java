package io.minitickets.loadtests.demo;

import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * Renders the runs side by side: one row per figure, one column per run.
 */
final class DemoTable {

	private static final List<Row> ROWS = List.of(new Row("requests", RunReport::requests),
			new Row("202 accepted", RunReport::accepted), new Row("409 sold out", RunReport::soldOut),
			new Row("429 rate limited", RunReport::rateLimited), new Row("other", RunReport::otherErrors),
			new Row("confirmed", RunReport::confirmed), new Row("rejected", RunReport::rejected),
			new Row("oversold", RunReport::oversold),
			new Row("undersold (seats left after sold out)", (run) -> run.verifier().undersold()),
			new Row("unsettled 202s", (run) -> run.verifier().unsettled()),
			new Row("gate drift (seats)", (run) -> run.verifier().drift()),
			new Row("consumer lag (records)", (run) -> run.verifier().consumerLag()),
			new Row("bookings that reached Postgres", RunReport::bookingsReachingPostgres),
			new Row("Postgres settlement transactions", RunReport::postgresTransactions),
			new Row("throughput (req/s)", RunReport::throughputRps), new Row("p50 latency (ms)", RunReport::p50Ms),
			new Row("p99 latency (ms)", RunReport::p99Ms),
			new Row("last request until all settled (ms)", RunReport::settledAfterMs),
			new Row("release until every request final (ms)", RunReport::allFinalMs));

	private static final int LABEL_WIDTH = 40;

	private static final int COLUMN_WIDTH = 12;

	private DemoTable() {
	}

	/**
	 * @param runs the runs, one column each, headed "gate on" or "gate off"
	 * @return the table, one line per row, with a header line
	 */
	static String render(List<RunReport> runs) {
		StringBuilder table = new StringBuilder(String.format("%-" + LABEL_WIDTH + "s", ""));
		runs.forEach((run) -> table.append(cell(run.gate() ? "gate on" : "gate off")));
		for (Row row : ROWS) {
			table.append('\n').append(String.format("%-" + LABEL_WIDTH + "s", row.label()));
			runs.forEach((run) -> table.append(cell(format(row.value().apply(run)))));
		}
		return table.toString();
	}

	private static String format(Number value) {
		return (value instanceof Double number) ? String.format(Locale.ROOT, "%.1f", number) : value.toString();
	}

	private static String cell(String text) {
		return String.format("%" + COLUMN_WIDTH + "s", text);
	}

	private record Row(String label, Function<RunReport, Number> value) {

	}

}
