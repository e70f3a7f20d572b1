package io.minitickets.loadtests.chaos;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;

import io.minitickets.loadtests.verify.EventFacts;
import io.minitickets.loadtests.verify.PaidFacts;
import io.minitickets.localstack.chaos.FaultKind;

/**
 * One fault's money and seats (issue 16, "Chaos": nothing oversold, nothing charged without a seat or a refund, no
 * seat handed out twice), on the phase's events once the stack is quiet, with the verifier's paid-sale checks.
 *
 * @param fault the fault's label
 * @param charged holds the payment simulator took a payment for during the phase (the paid sale's and the probe's)
 * @param seatConservation events whose seats are not each in exactly one place ({@code avail + leases + held +
 * confirmed != capacity} or {@code seats_sold != held + confirmed}): a seat handed out twice, or lost
 * @param moneyMismatch the verifier's figure: succeeded payments that are neither one CONFIRMED paid booking nor one
 * refund, and CONFIRMED paid bookings without a payment
 * @param doubleRefunds refunds beyond a booking's payments
 * @param waitlistOrderViolations offers that passed over an older waiting entry that fitted
 * @param unapplied payments the provider took whose booking never got them (no succeeded payment in Postgres): a
 * customer charged for nothing
 */
record PaidFaultRow(String fault, int charged, long seatConservation, long moneyMismatch, long doubleRefunds,
		long waitlistOrderViolations, int unapplied) {

	/**
	 * @param fault the fault
	 * @param charged the booking ids the simulator took a payment for during the phase
	 * @param events the facts of the phase's events
	 * @param paid the phase's events' money and waiting-list figures
	 * @param unappliedIds every charged booking of the run without a succeeded payment in Postgres
	 * @return the row
	 */
	static PaidFaultRow of(FaultKind fault, Collection<String> charged, List<EventFacts> events, PaidFacts paid,
			Set<String> unappliedIds) {
		return new PaidFaultRow(fault.label(), charged.size(),
				events.stream().filter(EventFacts::seatsNotConserved).count(), paid.moneyMismatch(),
				paid.doubleRefunds(), paid.waitlistOrderViolations(),
				(int) charged.stream().filter(unappliedIds::contains).count());
	}

	/**
	 * @return what this row breaks, empty when it is green
	 */
	List<String> violations() {
		List<String> violations = new ArrayList<>();
		add(violations, this.seatConservation, "events whose seats are not conserved (a seat handed out twice, or lost)");
		add(violations, this.moneyMismatch, "payments that are neither one confirmed booking nor one refund");
		add(violations, this.doubleRefunds, "refunds beyond a booking's payments");
		add(violations, this.waitlistOrderViolations, "waiting-list offers that passed over an older entry");
		add(violations, this.unapplied, "payments the provider took that never reached their booking");
		return violations;
	}

	private void add(Collection<String> violations, long count, String what) {
		if (count > 0) {
			violations.add(this.fault + ": " + count + " " + what);
		}
	}

}
