package io.minitickets.loadtests.verify;

/**
 * The verifier's figures, as every command prints them and writes them to JSON ({@code verifier{...}}).
 *
 * @param oversold seats confirmed beyond capacity
 * @param undersold seats left after a request was refused as sold out
 * @param unsettled 202s whose booking is not in Postgres
 * @param drift seats of gate drift
 * @param consumerLag records of {@code bookings.requested} the worker group had not committed
 */
public record VerifierFigures(long oversold, long undersold, int unsettled, long drift, long consumerLag) {

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
				""", this.oversold, this.undersold, this.unsettled, this.drift, this.consumerLag);
	}

}
