package io.minitickets.localstack.chaos;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A fault row's own bookings ({@link BookingProbe}) and what their answers break: a row whose precondition could
 * not be made (no booking accepted when one had to be) or whose fault answered against the design (a booking not
 * answered 503 while the limiter's Valkey was down) is a violation, so no row passes or fails without having
 * exercised its fault.
 */
final class ProbeChecks {

	/** How long a probe keeps booking until one is answered 202 (one try a second, the limiter's refill). */
	static final Duration ACCEPT_WAIT = Duration.ofSeconds(60);

	private static final Duration RETRY = Duration.ofSeconds(1);

	private final FaultKind fault;

	private final BookingProbe probe;

	private final List<String> violations = new ArrayList<>();

	/**
	 * @param fault the row the probe books for
	 * @param probe books one seat
	 */
	ProbeChecks(FaultKind fault, BookingProbe probe) {
		this.fault = fault;
		this.probe = probe;
	}

	/**
	 * Books until one booking is answered 202, one try a second, at most {@link #ACCEPT_WAIT}; a violation when none
	 * was.
	 * @param when the moment of the fault the 202 is needed at, for the violation's text
	 * @return true when a booking was answered 202
	 */
	boolean accepted(String when) {
		return accepted(ACCEPT_WAIT, when);
	}

	/**
	 * Books until one booking is answered 202, one try a second; a violation when none was in time.
	 * @param within how long to keep trying
	 * @param when the moment of the fault the 202 is needed at, for the violation's text
	 * @return true when a booking was answered 202
	 */
	boolean accepted(Duration within, String when) {
		long deadline = System.nanoTime() + within.toNanos();
		int status = this.probe.book();
		while (status != 202 && System.nanoTime() - deadline < 0) {
			ProcessWaits.pause(RETRY);
			status = this.probe.book();
		}
		if (status != 202) {
			this.violations.add(this.fault.label() + ": the fault was not exercised: no booking was answered 202 "
					+ when + " within " + within.toSeconds() + " s (last answer " + status + ")");
		}
		return status == 202;
	}

	/**
	 * Sends one booking, which the design answers with a given status at this moment of the fault; a violation when
	 * it was answered otherwise.
	 * @param expected the HTTP status the design promises, 0 for no answer at all
	 * @param when the moment of the fault, for the violation's text
	 */
	void answered(int expected, String when) {
		int status = this.probe.book();
		if (status != expected) {
			this.violations.add(this.fault.label() + ": a booking " + when + " was answered " + status + " (expected "
					+ ((expected == 0) ? "no answer" : expected) + ")");
		}
	}

	/**
	 * @param violation a violation found outside the probe's bookings
	 */
	void add(String violation) {
		this.violations.add(violation);
	}

	/**
	 * @return what the row's probes broke, empty when nothing
	 */
	List<String> violations() {
		return List.copyOf(this.violations);
	}

}
