package io.minitickets.localstack.chaos;

/**
 * Books one seat of an event kept for the purpose (seats to spare, no load on it) as a user of its own, so that a
 * fault row makes its own precondition certain, a booking in the worker's way or one sent while a part is down,
 * instead of counting on the load's bookings: the load's events may be sold out or quiet by then. The implementation
 * records each answer with the phase's, so the run's checks (settled, oversold, drift) cover the probe's bookings.
 */
@FunctionalInterface
public interface BookingProbe {

	/**
	 * Sends one booking of one seat and waits for its answer (the implementation bounds the wait).
	 * @return the HTTP status, or 0 when no answer came (connection refused or reset, timeout)
	 */
	int book();

}
