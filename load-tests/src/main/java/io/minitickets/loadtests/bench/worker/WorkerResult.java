package io.minitickets.loadtests.bench.worker;

/**
 * The worker figure of {@code minitickets bench --json}, both rates measured in the same run on the same Postgres.
 *
 * @param settlementsPerSec bookings of one hot event the booking-worker settled per second, from the commit of a
 * pre-filled {@code bookings.requested} until its last {@code bookings.settled} record
 * @param singleTxnBaselinePerSec bookings per second of the same event shape settled one per transaction (conditional
 * update of the event row, insert, commit), from as many connections as the worker's pool holds
 */
public record WorkerResult(double settlementsPerSec, double singleTxnBaselinePerSec) {

	/**
	 * @return the worker's rate divided by the baseline's (bar: at least 6)
	 */
	public double ratio() {
		return this.settlementsPerSec / this.singleTxnBaselinePerSec;
	}

}
