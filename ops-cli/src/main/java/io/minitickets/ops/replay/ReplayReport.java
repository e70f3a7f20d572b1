package io.minitickets.ops.replay;

import java.io.PrintWriter;
import java.time.Duration;

import io.minitickets.core.text.TerminalText;
import io.minitickets.ops.replay.ReplayPlan.Action;
import io.minitickets.ops.replay.ReplayPlan.Planned;

/**
 * Prints a replay for a person: a table first (what was read, what is or was done), then a sample of the records.
 */
final class ReplayReport {

	private final PrintWriter out;

	ReplayReport(PrintWriter out) {
		this.out = out;
	}

	/**
	 * The plan: for a dry run what would happen, for an execution what is about to.
	 * @param request what was asked
	 * @param read how many records were read
	 * @param plan the plan
	 * @param finalBookings how many of the matching booking ids are final in Postgres
	 * @param bookings how many distinct booking ids the matching records carry
	 * @param sample how many records to list
	 */
	void plan(ReplayRequest request, int read, ReplayPlan plan, int finalBookings, int bookings, int sample) {
		this.out.print(TerminalText.format("ops replay %s -> %s (%s)%n", request.topic(), "bookings.requested",
				request.execute() ? "EXECUTE" : "dry run: nothing is published; add --execute to publish"));
		row("range", request.range().describe());
		row("filters", request.filter().describe());
		row("read", read + " records");
		row("matched", Integer.toString(plan.records().size()));
		String verb = request.execute() ? "to " : "would ";
		row(verb + "publish", plan.count(Action.PUBLISH) + " to bookings.requested");
		row(verb + "park", plan.count(Action.PARK) + " to bookings.requested-parked (replayed "
				+ request.maxRedrives() + "+ times already)");
		row(verb + "skip", plan.skipped() + " (" + plan.count(Action.SKIP_COPY) + " earlier copies of one original, "
				+ plan.count(Action.SKIP_PARKED) + " parked before, " + plan.count(Action.SKIP_OVER_MAX)
				+ " over --max, " + plan.count(Action.SKIP_UNSETTLED)
				+ " whose last redrive did not settle them: --again redrives them)");
		row("already final", finalBookings + " of " + bookings + " booking ids are CONFIRMED or REJECTED in Postgres"
				+ " (replaying them is a no-op)");
		if (sample > 0 && !plan.records().isEmpty()) {
			this.out.printf("sample (%d of %d):%n", Math.min(sample, plan.records().size()), plan.records().size());
			plan.records()
				.stream()
				.limit(sample)
				.forEach((planned) -> this.out
					.print(TerminalText.format("  %-13s %s%n", label(planned), planned.source().describe())));
		}
		this.out.flush();
	}

	/**
	 * What the execution did, after the worker caught up or the wait ended.
	 * @param outcome the outcome
	 * @param auditId the {@code ops_audit} row
	 */
	void outcome(ReplayOutcome outcome, long auditId) {
		this.out.printf("executed (ops_audit id %d): published %d, parked %d, skipped %d%n", auditId,
				outcome.published(), outcome.parked(), outcome.skipped());
		this.out.println(outcome.caughtUp()
				? "settled (the worker caught up in " + seconds(outcome.waited()) + "):"
				: "settled so far (the worker had not caught up after " + seconds(outcome.waited()) + "):");
		row("new", outcome.settled().confirmed() + " CONFIRMED now (with the HELD of paid events)");
		row("rejected", outcome.settled().rejected() + " REJECTED now");
		row("duplicates", outcome.settled().duplicates() + " were final already (no-ops)");
		row("still pending", outcome.settled().pending() + " not settled in Postgres");
		row("unsettleable", outcome.unsettleable() + " not a valid booking request (poison: dead-lettered once, "
				+ "never again)");
		this.out.flush();
	}

	private void row(String label, String value) {
		this.out.print(TerminalText.format("  %-18s %s%n", label, value));
	}

	private static String label(Planned planned) {
		return switch (planned.action()) {
			case PUBLISH -> "publish #" + planned.replayCount();
			case PARK -> "park";
			case SKIP_COPY -> "skip (copy)";
			case SKIP_PARKED -> "skip (parked)";
			case SKIP_UNSETTLED -> "skip (failed)";
			case SKIP_OVER_MAX -> "skip (--max)";
		};
	}

	private static String seconds(Duration duration) {
		return String.format("%.1f s", duration.toMillis() / 1000.0);
	}

}
