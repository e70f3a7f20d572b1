package io.minitickets.loadtests.verify;

import java.util.Map;
import java.util.Set;

/**
 * What a run sold, for the verifier to check afterwards.
 *
 * @param eventIds the run's events
 * @param acceptedIds the booking ids answered 202: each is a promise that the booking settles
 * @param soldOutRefusals per event, the smallest quantity (seats) a 409 sold-out refused; events without a
 * refusal are absent (Postgres's own SOLD_OUT rejections the verifier reads itself)
 * @param seatsComeBack true for a paid sale: holds expire and bookings are cancelled after a sold-out answer, so
 * seats left at the end are no breach and undersold is not checked
 */
public record Sale(Set<Long> eventIds, Set<String> acceptedIds, Map<Long, Integer> soldOutRefusals,
		boolean seatsComeBack) {

	public Sale {
		eventIds = Set.copyOf(eventIds);
		acceptedIds = Set.copyOf(acceptedIds);
		soldOutRefusals = Map.copyOf(soldOutRefusals);
	}

}
