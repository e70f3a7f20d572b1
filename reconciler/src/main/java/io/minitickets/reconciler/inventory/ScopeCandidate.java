package io.minitickets.reconciler.inventory;

/**
 * An event a pass may check, as Postgres and the reconciler's bookkeeping describe it.
 *
 * @param eventId the event
 * @param retired whether it was retired: sold out, no lease, counter in agreement at its last check
 * @param seatsSold seats confirmed in Postgres, read before the pass reconciles it
 * @param capacity its seats
 * @param soldSinceCheck whether seats were confirmed since its last check (or it was never checked)
 */
record ScopeCandidate(long eventId, boolean retired, int seatsSold, int capacity, boolean soldSinceCheck) {

	/**
	 * @return true when Postgres has sold every seat
	 */
	boolean soldOut() {
		return this.seatsSold >= this.capacity;
	}

}
