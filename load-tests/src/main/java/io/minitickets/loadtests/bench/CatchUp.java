package io.minitickets.loadtests.bench;

import java.util.Locale;
import java.util.Optional;

import org.jspecify.annotations.Nullable;

import io.minitickets.loadtests.bench.worker.WorkerResult;

/**
 * How the worker caught up after an accepting figure's window: the backlog it had when the window ended and how fast
 * it drained it once api-service was idle, held to issue 19's bar of at least half the rate the worker figure
 * measured in the same run (a pre-filled topic, the worker alone).
 *
 * @param backlogAtEnd records of {@code bookings.requested} the worker's group had not committed when the window
 * ended: bookings accepted (202) but not yet settled
 * @param caughtUpMs from the end of the window until the group had committed every record, in ms
 */
public record CatchUp(long backlogAtEnd, long caughtUpMs) {

	private static final String BAR = "≥ half the worker figure's rate";

	/**
	 * @return settlements per second from the end of the window until caught up; null when there was no backlog
	 */
	public @Nullable Double drainPerSec() {
		if (this.backlogAtEnd == 0) {
			return null;
		}
		return this.backlogAtEnd / (Math.max(1, this.caughtUpMs) / 1e3);
	}

	/**
	 * @param label what was measured, for example {@code accepting: drain after the window}
	 * @param worker the worker figure of the same run, when it was measured
	 * @return the bar: met when the drain rate is at least half the worker figure's settlements per second, or when
	 * the backlog was under one second of the worker figure's rate (the worker kept up with the load; a rate over so
	 * few records measures the poll that noticed the catch-up, every 250 ms, not the worker: 1,121 records "drained"
	 * at 3,700/s in a run of 2026-12-03 were gone by the first poll), or there was nothing to drain; not judged, and
	 * saying so, when the run has no worker figure
	 */
	Bar bar(String label, Optional<WorkerResult> worker) {
		Double drain = drainPerSec();
		if (drain == null) {
			return new Bar(label, "no backlog at the end of the window", BAR, true);
		}
		String value = String.format(Locale.ROOT, "%,.0f/s (%,d in %,d ms)", drain, this.backlogAtEnd,
				this.caughtUpMs);
		return worker
			.map((figure) -> (this.backlogAtEnd < figure.settlementsPerSec())
					? new Bar(label, String.format(Locale.ROOT,
							"kept up: %,d left, under 1 s of the worker's %,.0f/s (gone within %,d ms)",
							this.backlogAtEnd, figure.settlementsPerSec(), this.caughtUpMs), BAR, true)
					: new Bar(label,
					value + String.format(Locale.ROOT, ", %.0f %% of the worker's %,.0f/s",
							100 * drain / figure.settlementsPerSec(), figure.settlementsPerSec()),
					BAR, drain >= figure.settlementsPerSec() / 2))
			.orElseGet(() -> new Bar(label, value + " (no worker figure in this run)", BAR, null));
	}

}
