package io.minitickets.reconciler.inventory;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.minitickets.core.inventory.GateActivity;
import io.minitickets.core.inventory.ReconcileResult;
import org.jspecify.annotations.Nullable;

/**
 * Which events a pass checks, in which order, and which it retires, so the number of events does not slow the
 * reconcile of those on sale.
 * <p>
 * First the active events: a missing counter or a lease in the gate, or seats confirmed in Postgres since the last
 * check (a settle the gate may have missed). Then the quiet ones, least recently checked first, as before. Retired
 * events are left out until they show activity again. An event is retired when Postgres has sold every seat, the gate
 * holds no lease for it and its counter agreed with the truth: nothing can change there any more but a lost counter
 * (which is activity). There is no sale end time in the schema; sold out is the only end a sale has.
 */
final class ReconcileScope {

	private ReconcileScope() {
	}

	/**
	 * Orders the candidates of a pass.
	 * @param candidates every registered event whose sale is open, least recently checked first
	 * @param activity each event's gate activity; empty when the probe failed (then Postgres alone decides, and
	 * retired events wait for a later pass)
	 * @return event ids, active ones first, then quiet ones that are not retired, each group in the given order
	 */
	static List<Long> byPriority(List<ScopeCandidate> candidates, Map<Long, GateActivity> activity) {
		List<Long> active = new ArrayList<>();
		List<Long> quiet = new ArrayList<>();
		for (ScopeCandidate candidate : candidates) {
			GateActivity gate = activity.get(candidate.eventId());
			if (candidate.soldSinceCheck() || (gate != null && gate.needsCheck())) {
				active.add(candidate.eventId());
			}
			else if (!candidate.retired()) {
				quiet.add(candidate.eventId());
			}
		}
		active.addAll(quiet);
		return active;
	}

	/**
	 * Whether a checked event can be retired.
	 * @param candidate the event as read before the check
	 * @param gate its gate activity before the check; null when unknown
	 * @param result what the counter's compare-and-set found
	 * @return true when Postgres sold every seat, the gate held no lease and the counter already agreed
	 */
	static boolean retires(ScopeCandidate candidate, @Nullable GateActivity gate, ReconcileResult result) {
		return candidate.soldOut() && gate != null && gate.counterLoaded() && gate.leases() == 0
				&& result.kind() == ReconcileResult.Kind.IN_SYNC;
	}

}
