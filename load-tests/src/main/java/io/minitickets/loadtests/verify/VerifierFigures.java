package io.minitickets.loadtests.verify;

/**
 * The verifier's figures, as every command prints them and writes them to JSON ({@code verifier{...}}).
 *
 * @param oversold seats confirmed beyond capacity
 * @param undersold seats left after a request was refused as sold out
 * @param unsettled 202s whose booking is not in Postgres
 * @param drift seats of gate drift
 * @param consumerLag records of {@code bookings.requested} the worker group had not committed
 * @param seatConservation events whose seats are not conserved: {@code avail + leases + held + confirmed !=
 * capacity} or {@code seats_sold != held + confirmed}
 * @param moneyMismatch {@code |succeeded payments - (confirmed paid bookings + refunds)|} plus confirmed paid
 * bookings without a succeeded payment
 * @param doubleRefunds refunds beyond their booking's succeeded payments
 * @param waitlistOrderViolations offers made past an older waiting entry whose whole quantity fitted
 */
public record VerifierFigures(long oversold, long undersold, int unsettled, long drift, long consumerLag,
		long seatConservation, long moneyMismatch, long doubleRefunds, long waitlistOrderViolations) {

	/**
	 * @return the figures as a table, one line each
	 */
	public String table() {
		return String.format("""
				verifier
				  oversold (seats)                       %,10d
				  undersold (seats left after sold out)  %,10d
				  unsettled 202s                         %,10d
				  gate drift (seats)                     %,10d
				  consumer lag (records)                 %,10d
				  seat conservation (events)             %,10d
				  money mismatch                         %,10d
				  double refunds                         %,10d
				  waiting-list order violations          %,10d
				""", this.oversold, this.undersold, this.unsettled, this.drift, this.consumerLag, this.seatConservation,
				this.moneyMismatch, this.doubleRefunds, this.waitlistOrderViolations);
	}

}
