package io.minitickets.loadtests.verify;

/**
 * What Postgres holds about a run's money and waiting list (DESIGN.md, invariants 7 and 8), each a count, 0 when
 * clean.
 *
 * @param moneyMismatch {@code |succeeded payments - (CONFIRMED paid bookings + refunds)|} plus the CONFIRMED paid
 * bookings without a succeeded payment, over the events' bookings
 * @param doubleRefunds refunds beyond the succeeded payments of their booking, summed over the bookings: a booking
 * refunded more times than it was paid (the {@code refunds} table holds one row per payment, so a second refund of
 * one payment can only show up as a refund row naming a payment the booking does not have)
 * @param waitlistOrderViolations offers made while an older entry of the same event, whose whole quantity fitted in
 * the offer's seats, was waiting and was passed over
 */
public record PaidFacts(long moneyMismatch, long doubleRefunds, long waitlistOrderViolations) {

	/** Nothing found: a free event's run, or one that was exact. */
	public static final PaidFacts CLEAN = new PaidFacts(0, 0, 0);

}
