package io.minitickets.loadtests.chaos;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import io.minitickets.loadtests.report.JsonFiles;

/**
 * The result of a fault-injection run.
 *
 * @param seed the seed that replays its fault moments and load choices
 * @param rounds how many times each fault was injected
 * @param rate booking requests per second of the open-model load; 0 for the gentle load
 * @param connections the open-model load's HTTP connections
 * @param users users who booked, each with its own token
 * @param rows one per fault, in run order
 * @param paidRows one per fault, in run order: the money and seats of its paid sales
 * @param poisonRecords poison records produced
 * @param deadLetters records on {@code bookings.requested-dlt} once the run was quiet
 * @param violations every broken invariant or design promise, empty when the run is green
 * @param notes answers the design does not name (a 500, no answer outside api-kill): reported, not counted as
 * violations of the invariants the run checks
 */
record ChaosReport(long seed, int rounds, double rate, int connections, int users, List<FaultRow> rows,
		List<PaidFaultRow> paidRows, int poisonRecords, long deadLetters, List<String> violations, List<String> notes) implements ChaosOutcome {

	ChaosReport {
		rows = List.copyOf(rows);
		paidRows = List.copyOf(paidRows);
		violations = List.copyOf(violations);
		notes = List.copyOf(notes);
	}

	/**
	 * @param rate booking requests per second of an open-model load; 0 for the gentle load
	 * @param connections the open-model load's HTTP connections
	 * @param users users who book
	 * @return the load in words, for example {@code open model, 600 bookings/s over 512 connections, 1800 users}
	 */
	static String describeLoad(double rate, int connections, int users) {
		return (rate > 0)
				? String.format(Locale.ROOT, "open model, %.0f bookings/s over %d connections, %d users", rate,
						connections, users)
				: "8 clients with 50–150 ms pauses, " + users + " users";
	}

	/**
	 * @return the load, the tables as Markdown (readable in a terminal too), and the dead letters
	 */
	@Override
	public String table() {
		StringBuilder table = new StringBuilder("load: " + describeLoad(this.rate, this.connections, this.users)
				+ "\n\n| fault | rounds | requests | req/s | 202s | confirmed | oversold | lost 202s | double settlements "
				+ "| drift left | statuses seen during the fault |\n|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|\n");
		for (FaultRow row : this.rows) {
			table.append("| ").append(row.fault()).append(" | ").append(row.rounds()).append(" | ")
				.append(row.requests()).append(" | ").append(String.format(Locale.ROOT, "%.0f", row.requestsPerSecond()))
				.append(" | ").append(row.accepted()).append(" | ").append(row.confirmed())
				.append(" | ").append(row.oversold()).append(" | ").append(row.lost()).append(" | ")
				.append(row.doubleSettled()).append(" | ").append(row.drift()).append(" | ").append(row.statuses())
				.append(" |\n");
		}
		table.append("\n| fault | payments taken | seats not conserved | money mismatch | double refunds "
				+ "| waiting-list order violations | payments never applied |\n|---|--:|--:|--:|--:|--:|--:|\n");
		for (PaidFaultRow row : this.paidRows) {
			table.append("| ").append(row.fault()).append(" | ").append(row.charged()).append(" | ")
				.append(row.seatConservation()).append(" | ").append(row.moneyMismatch()).append(" | ")
				.append(row.doubleRefunds()).append(" | ").append(row.waitlistOrderViolations()).append(" | ")
				.append(row.unapplied()).append(" |\n");
		}
		return table.append("\ndead-letter records: ").append(this.deadLetters).append(" (poison records produced: ")
			.append(this.poisonRecords).append(")\n").toString();
	}

	/**
	 * @param file where to write the report as JSON; its folder is created when missing
	 * @throws UncheckedIOException when the file cannot be written
	 */
	@Override
	public void write(Path file) {
		JsonFiles.write(this, file);
	}

}
