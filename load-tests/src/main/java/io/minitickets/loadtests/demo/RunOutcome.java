package io.minitickets.loadtests.demo;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.HdrHistogram.Histogram;

import io.minitickets.loadtests.verify.EventFacts;
import io.minitickets.loadtests.verify.Verification;

/**
 * One run's report and what went wrong in it.
 *
 * @param report the figures
 * @param failures broken promises: the verifier's breaches, a 202 its owner never saw settled; empty when none
 * @param notes other things worth a look, such as unexpected answers; empty when none
 */
public record RunOutcome(RunReport report, List<String> failures, List<String> notes) {

	private static final int SAMPLES = 3;

	/**
	 * Puts a run's measurements together.
	 * @param gate whether the gate was on
	 * @param load the stampede's answers
	 * @param settlement how the accepted bookings settled
	 * @param verification what the verifier found in Postgres, Valkey and Kafka for the run's event
	 * @return the figures, failures and notes
	 */
	static RunOutcome of(boolean gate, LoadResult load, Settlement settlement, Verification verification) {
		Histogram latencies = new Histogram(TimeUnit.MINUTES.toMicros(2), 3);
		load.attempts()
			.forEach((attempt) -> latencies.recordValue(Math.min(TimeUnit.NANOSECONDS.toMicros(attempt.latencyNanos()),
					latencies.getHighestTrackableValue())));
		int accepted = load.accepted().size();
		int soldOut = load.count(409);
		int rateLimited = load.count(429);
		double seconds = Math.max(1, load.finishedAt() - load.startedAt()) / 1e9;
		long settledAfter = (settlement.lastSettledAt() == 0) ? 0
				: TimeUnit.NANOSECONDS.toMillis(Math.max(0, settlement.lastSettledAt() - load.finishedAt()));
		long lastFinalAt = Math.max(load.finishedAt(), settlement.lastSettledAt());
		long allFinal = TimeUnit.NANOSECONDS.toMillis(Math.max(0, lastFinalAt - load.startedAt()));
		int requests = load.attempts().size();
		RunReport report = new RunReport(gate, requests, accepted, soldOut, rateLimited,
				requests - accepted - soldOut - rateLimited, settlement.confirmed(), settlement.rejected(),
				verification.oversold(), (int) verification.events().stream().mapToLong(EventFacts::bookings).sum(),
				(int) verification.events().stream().mapToLong(EventFacts::transactions).sum(),
				round(requests / seconds), round(latencies.getValueAtPercentile(50) / 1000.0),
				round(latencies.getValueAtPercentile(99) / 1000.0), settledAfter, allFinal, verification.figures());
		String label = gate ? "gate on" : "gate off";
		List<String> failures = new ArrayList<>();
		verification.breaches().forEach((breach) -> failures.add(label + ": " + breach));
		if (!settlement.unsettled().isEmpty()) {
			failures.add(label + ": " + settlement.unsettled().size() + " accepted bookings never settled, e.g. "
					+ settlement.unsettled().stream().limit(SAMPLES).toList());
		}
		List<String> notes = load.attempts()
			.stream()
			.filter((attempt) -> attempt.error() != null)
			.limit(SAMPLES)
			.map((attempt) -> label + ": unexpected answer " + attempt.error())
			.toList();
		return new RunOutcome(report, failures, notes);
	}

	private static double round(double value) {
		return Math.round(value * 10) / 10.0;
	}

}
