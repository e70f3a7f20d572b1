package io.minitickets.loadtests.demo;

import io.minitickets.loadtests.verify.VerifierFigures;

/**
 * The demo's paid event, as its table shows it and {@code --json} writes it ({@code paidEvent}).
 *
 * @param seats the event's seats (1)
 * @param holdSeconds its hold window
 * @param holdsExpired holds that ended EXPIRED unpaid (1 when the demo went as designed)
 * @param expiredAfterMs from the hold seen HELD until it was seen EXPIRED, in milliseconds (the window plus the
 * expirer's lag); 0 when it was not seen
 * @param offersMade waiting-list offers made for the expired hold's seat
 * @param offersPaid offers paid through the simulator and seen CONFIRMED
 * @param verifier the verifier's figures for the event
 */
public record PaidEventReport(int seats, int holdSeconds, int holdsExpired, long expiredAfterMs, int offersMade,
		int offersPaid, VerifierFigures verifier) {

	/**
	 * @return the table's block for the paid event, one line per figure
	 */
	String table() {
		return String.format("""
				Paid event beside it (%d seat, %d s hold, gate on)
				hold that expired unpaid                 %12d
				  seen EXPIRED after HELD (ms)           %12d
				waiting-list offers made                 %12d
				offers paid (CONFIRMED)                  %12d
				seat conservation (events)               %12d
				money mismatch                           %12d
				waiting-list order violations            %12d""", this.seats, this.holdSeconds, this.holdsExpired,
				this.expiredAfterMs, this.offersMade, this.offersPaid, this.verifier.seatConservation(),
				this.verifier.moneyMismatch(), this.verifier.waitlistOrderViolations());
	}

}
