package io.minitickets.loadtests.chaos;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;

import io.minitickets.loadtests.report.JsonFiles;

/**
 * The result of a fault-injection run.
 *
 * @param seed the seed that replays its fault moments and load choices
 * @param rounds how many times each fault was injected
 * @param rows one per fault, in run order
 * @param poisonRecords poison records produced
 * @param deadLetters records on {@code bookings.requested-dlt} once the run was quiet
 * @param violations every broken invariant or design promise, empty when the run is green
 * @param notes answers the design does not name (a 500, no answer outside api-kill): reported, not counted as
 * violations of the invariants the run checks
 */
record ChaosReport(long seed, int rounds, List<FaultRow> rows, int poisonRecords, long deadLetters,
		List<String> violations, List<String> notes) {

	ChaosReport {
		rows = List.copyOf(rows);
		violations = List.copyOf(violations);
		notes = List.copyOf(notes);
	}

	/**
	 * @return true when nothing was broken
	 */
	boolean green() {
		return this.violations.isEmpty();
	}

	/**
	 * @return the table, as Markdown (readable in a terminal too)
	 */
	String table() {
		StringBuilder table = new StringBuilder(
				"| fault | rounds | requests | 202s | confirmed | oversold | lost 202s | double settlements "
						+ "| drift left | statuses seen during the fault |\n|---|--:|--:|--:|--:|--:|--:|--:|--:|---|\n");
		for (FaultRow row : this.rows) {
			table.append("| ").append(row.fault()).append(" | ").append(row.rounds()).append(" | ")
				.append(row.requests()).append(" | ").append(row.accepted()).append(" | ").append(row.confirmed())
				.append(" | ").append(row.oversold()).append(" | ").append(row.lost()).append(" | ")
				.append(row.doubleSettled()).append(" | ").append(row.drift()).append(" | ").append(row.statuses())
				.append(" |\n");
		}
		return table.append("\ndead-letter records: ").append(this.deadLetters).append(" (poison records produced: ")
			.append(this.poisonRecords).append(")\n").toString();
	}

	/**
	 * @param file where to write the report as JSON; its folder is created when missing
	 * @throws UncheckedIOException when the file cannot be written
	 */
	void write(Path file) {
		JsonFiles.write(this, file);
	}

}
