package io.minitickets.loadtests.chaos;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

import io.minitickets.loadtests.report.JsonFiles;

/**
 * The result of a fault-injection run on the cluster topology.
 *
 * @param topology always {@code cluster}, so the JSON says which run it is
 * @param seed the seed of the load's choices
 * @param rounds how many times each fault was injected
 * @param rows one per phase, in run order, each checked once that phase was quiet
 * @param end the invariants over every phase's events and 202s, checked once more after the last phase
 * @param violations every broken invariant or design promise, empty when the run is green
 * @param notes what the design names that was missed without breaking an invariant (a slow handover), and answers
 * it does not name (no answer at all outside api-kill)
 */
record ClusterChaosReport(String topology, long seed, int rounds, List<ClusterFaultRow> rows, FaultRow end,
		List<String> violations, List<String> notes) implements ChaosOutcome {

	ClusterChaosReport {
		rows = List.copyOf(rows);
		violations = List.copyOf(violations);
		notes = List.copyOf(notes);
	}

	/**
	 * @return the table, as Markdown (readable in a terminal too)
	 */
	@Override
	public String table() {
		StringBuilder table = new StringBuilder("| fault | round | killed | requests | 202 | 409 | 429 | 503 | other "
				+ "| answered by api-service / -2 | 202 while down | oversold | unsettled | settled twice | drift "
				+ "| handover s |\n|---|--:|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n");
		for (ClusterFaultRow row : this.rows) {
			FaultRow invariants = row.invariants();
			table.append("| ").append(invariants.fault()).append(" | ").append(row.round()).append(" | ")
				.append(row.victim()).append(" | ").append(invariants.requests()).append(" | ")
				.append(invariants.accepted()).append(" | ").append(row.conflicts()).append(" | ")
				.append(row.rateLimited()).append(" | ").append(row.unavailable()).append(" | ").append(row.other())
				.append(" | ").append(row.answeredBy().stream().map(String::valueOf).collect(Collectors.joining(" / ")))
				.append(" | ").append(row.acceptedDuringOutage()).append(" | ").append(invariants.oversold())
				.append(" | ").append(invariants.lost()).append(" | ").append(invariants.doubleSettled()).append(" | ")
				.append(invariants.drift()).append(" | ")
				.append((row.handoverSeconds() != null) ? String.format("%.1f", row.handoverSeconds()) : "")
				.append(" |\n");
		}
		return table.append("\nAt the end, over all ").append(this.end.requests()).append(" requests and ")
			.append(this.end.accepted()).append(" 202s: oversold ").append(this.end.oversold()).append(", unsettled ")
			.append(this.end.lost()).append(", settled twice ").append(this.end.doubleSettled()).append(", drift ")
			.append(this.end.drift()).append("\n")
			.toString();
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
