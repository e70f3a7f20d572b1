package io.minitickets.loadtests.bench.eta;

import org.jspecify.annotations.Nullable;

/**
 * One sampled booking of the ETA figure.
 *
 * @param status the booking request's HTTP status (202 when accepted)
 * @param ahead the {@code queue.ahead} of its status read right after the 202; null when the status had no queue
 * @param etaSeconds the {@code queue.etaSeconds} of that status; null when absent (the settle rate not yet known)
 * @param actualSeconds from the 202 until its final status arrived on its status stream, in s; null when none came
 */
record Sample(int status, @Nullable Long ahead, @Nullable Long etaSeconds, @Nullable Double actualSeconds) {

	/**
	 * @return {@code |eta − actual| / actual} in percent; null when either is missing (or the wait was 0)
	 */
	@Nullable Double errorPct() {
		if (this.etaSeconds == null || this.actualSeconds == null || !(this.actualSeconds > 0)) {
			return null;
		}
		return 100 * Math.abs(this.etaSeconds - this.actualSeconds) / this.actualSeconds;
	}

}
