package io.minitickets.loadtests.chaos;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

import io.minitickets.loadtests.verify.EventFacts;
import io.minitickets.localstack.chaos.FaultKind;

/**
 * One fault's line of the report: the load sent while its phase ran, and the invariants on the events sold in it.
 *
 * @param fault the fault's label
 * @param rounds how many times it was injected
 * @param requests booking requests sent during the phase
 * @param requestsPerSecond booking requests answered per second of the phase's rounds (load start to load stop)
 * @param accepted requests answered 202
 * @param confirmed bookings of the phase's events CONFIRMED in Postgres
 * @param oversold seats confirmed beyond capacity, summed over the phase's events
 * @param lost 202s whose booking never reached Postgres
 * @param doubleSettled events whose {@code seats_sold} differs from the sum of their CONFIRMED quantities
 * @param drift seats by which {@code avail + leases + confirmed} misses capacity after the reconcile passes, summed
 * @param serverErrors answers with a 5xx other than the designed 503 (the API promises never to answer 500)
 * @param statuses the HTTP statuses clients saw during the phase, for example {@code 202×40 409×12 503×7} (0: no
 * answer), with the 503s api-service's in-flight limit answered at once, for example {@code 503×7 (5 shed)}
 */
record FaultRow(String fault, int rounds, int requests, double requestsPerSecond, int accepted, long confirmed,
		long oversold, int lost, int doubleSettled, long drift, int serverErrors, String statuses) {

	/**
	 * @param fault the fault
	 * @param rounds how many times it was injected
	 * @param answers every answer of its phase
	 * @param phase how long its rounds' load ran, summed
	 * @param events the facts of the events sold in its phase
	 * @param lostIds every lost 202 of the run
	 * @return the row
	 */
	static FaultRow of(FaultKind fault, int rounds, List<Answer> answers, Duration phase, List<EventFacts> events,
			Set<String> lostIds) {
		List<Answer> accepted = answers.stream().filter(Answer::accepted).toList();
		double perSecond = phase.isZero() ? 0 : Math.round(answers.size() / (phase.toNanos() / 1e9));
		return new FaultRow(fault.label(), rounds, answers.size(), perSecond, accepted.size(),
				events.stream().mapToLong(EventFacts::confirmedBookings).sum(),
				events.stream().mapToLong(EventFacts::oversold).sum(),
				(int) accepted.stream().filter((answer) -> lostIds.contains(answer.bookingId())).count(),
				(int) events.stream().filter(EventFacts::doubleSettled).count(),
				events.stream().mapToLong(EventFacts::drift).sum(),
				(int) answers.stream().filter(FaultRow::isUndesignedServerError).count(), statuses(answers));
	}

	/**
	 * @return what this row breaks, empty when it is green
	 */
	List<String> violations() {
		List<String> violations = new ArrayList<>();
		add(violations, this.oversold, "seats oversold");
		add(violations, this.lost, "202s lost");
		add(violations, this.doubleSettled, "events settled twice (seats_sold != confirmed)");
		add(violations, this.drift, "seats of gate drift left");
		add(violations, this.serverErrors, "answers with a 5xx other than 503");
		return violations;
	}

	/**
	 * @param answers the answers of the phase
	 * @param fault the phase's fault
	 * @return answers the design does not name for this fault but that break no promise: no answer at all outside
	 * api-kill; empty when there were none
	 */
	static List<String> unexpected(FaultKind fault, List<Answer> answers) {
		Map<Integer, Long> odd = answers.stream()
			.filter((answer) -> answer.status() == 0 && fault != FaultKind.API_KILL)
			.collect(Collectors.groupingBy(Answer::status, TreeMap::new, Collectors.counting()));
		return odd.entrySet()
			.stream()
			.map((entry) -> fault.label() + ": " + entry.getValue() + " booking request(s) answered "
					+ ((entry.getKey() == 0) ? "not at all" : "with " + entry.getKey()))
			.toList();
	}

	private static boolean isUndesignedServerError(Answer answer) {
		return answer.status() >= 500 && answer.status() != 503;
	}

	private void add(Collection<String> violations, long count, String what) {
		if (count > 0) {
			violations.add(this.fault + ": " + count + " " + what);
		}
	}

	private static String statuses(List<Answer> answers) {
		Map<Integer, Long> counts = answers.stream()
			.collect(Collectors.groupingBy(Answer::status, TreeMap::new, Collectors.counting()));
		long shed = answers.stream().filter(Answer::shed).count();
		return counts.entrySet()
			.stream()
			.map((entry) -> entry.getKey() + "×" + entry.getValue()
					+ ((entry.getKey() == 503 && shed > 0) ? " (" + shed + " shed)" : ""))
			.collect(Collectors.joining(" "));
	}

}
