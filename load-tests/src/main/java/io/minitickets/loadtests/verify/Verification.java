package io.minitickets.loadtests.verify;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What the verifier found after a run, over the run's events.
 *
 * @param oversold seats confirmed beyond capacity
 * @param undersold seats left unsold on events that refused a request as sold out (a 409 sold-out or a Postgres
 * SOLD_OUT rejection) for a quantity that was still left
 * @param unsettled 202s whose booking is not in Postgres once the wait ended
 * @param drift seats by which the gate ({@code avail + leases}) misses {@code capacity - confirmed}, summed
 * @param consumerLag records of {@code bookings.requested} the worker group had not committed once the wait ended
 * @param events the run's events as Postgres and the gate hold them
 * @param unsettledSamples up to 3 of the unsettled booking ids
 * @param paid the run's money and waiting-list figures
 */
public record Verification(long oversold, long undersold, int unsettled, long drift, long consumerLag,
		List<EventFacts> events, List<String> unsettledSamples, PaidFacts paid) {

	public Verification {
		events = List.copyOf(events);
		unsettledSamples = List.copyOf(unsettledSamples);
	}

	/**
	 * Adds up the figures over the events.
	 * @param events the run's events once it was quiet
	 * @param unsettledIds 202s missing from Postgres
	 * @param consumerLag the worker group's lag
	 * @param soldOutRefusals per event, the smallest quantity a 409 sold-out refused
	 * @param paid the events' money and waiting-list figures
	 * @return the verification
	 */
	static Verification of(List<EventFacts> events, List<String> unsettledIds, long consumerLag,
			Map<Long, Integer> soldOutRefusals, PaidFacts paid) {
		long undersold = events.stream().mapToLong((event) -> undersold(event, soldOutRefusals.get(event.eventId())))
			.sum();
		return new Verification(events.stream().mapToLong(EventFacts::oversold).sum(), undersold,
				unsettledIds.size(), events.stream().mapToLong(EventFacts::drift).sum(), consumerLag, events,
				unsettledIds.stream().limit(3).toList(), paid);
	}

	/**
	 * @return this verification with undersold 0: for a sale whose seats come back after a sold-out answer (holds
	 * expire, bookings are cancelled), where seats left at the end are no breach
	 */
	public Verification withoutUndersold() {
		return new Verification(this.oversold, 0, this.unsettled, this.drift, this.consumerLag, this.events,
				this.unsettledSamples, this.paid);
	}

	/**
	 * @return events whose seats are not conserved ({@link EventFacts#seatsNotConserved()})
	 */
	public long seatConservation() {
		return this.events.stream().filter(EventFacts::seatsNotConserved).count();
	}

	private static long undersold(EventFacts event, Integer refusedAnswered) {
		Integer refusedSettled = event.smallestSoldOutRejection();
		int smallest = Math.min((refusedAnswered != null) ? refusedAnswered : Integer.MAX_VALUE,
				(refusedSettled != null) ? refusedSettled : Integer.MAX_VALUE);
		return (event.seatsLeft() >= smallest) ? event.seatsLeft() : 0;
	}

	/**
	 * @return every breach, empty when the run was exact
	 */
	public List<String> breaches() {
		List<String> breaches = new ArrayList<>();
		add(breaches, this.oversold, "seats oversold");
		add(breaches, this.undersold, "seats left unsold after a request was refused as sold out");
		if (this.unsettled > 0) {
			breaches.add(this.unsettled + " accepted bookings (202) never reached Postgres, e.g. "
					+ this.unsettledSamples);
		}
		add(breaches, this.drift, "seats of gate drift left (avail + leases + held + confirmed != capacity)");
		add(breaches, this.consumerLag, "records of bookings.requested left unconsumed by the worker");
		add(breaches, seatConservation(),
				"events whose seats are not conserved (avail + leases + held + confirmed != capacity, or seats_sold "
						+ "!= held + confirmed)");
		add(breaches, this.paid.moneyMismatch(),
				"money mismatches (succeeded payments != confirmed paid bookings + refunds, or a confirmed paid "
						+ "booking without a payment)");
		add(breaches, this.paid.doubleRefunds(), "refunds beyond their booking's payments");
		add(breaches, this.paid.waitlistOrderViolations(),
				"waiting-list offers made past an older waiting entry that fitted");
		return breaches;
	}

	/**
	 * @return true when nothing was breached
	 */
	public boolean green() {
		return breaches().isEmpty();
	}

	/**
	 * @return the figures alone, for a table or JSON
	 */
	public VerifierFigures figures() {
		return new VerifierFigures(this.oversold, this.undersold, this.unsettled, this.drift, this.consumerLag,
				seatConservation(), this.paid.moneyMismatch(), this.paid.doubleRefunds(),
				this.paid.waitlistOrderViolations());
	}

	private static void add(List<String> breaches, long count, String what) {
		if (count > 0) {
			breaches.add(count + " " + what);
		}
	}

}
