package io.minitickets.api.booking;

import io.minitickets.api.system.ApiException;
import io.minitickets.core.problem.ProblemTypes;
import org.springframework.http.HttpStatus;

/**
 * The problems the booking path answers, with their precise details.
 */
final class BookingProblems {

	private BookingProblems() {
	}

	static ApiException soldOut(long eventId) {
		return new ApiException(HttpStatus.CONFLICT, ProblemTypes.SOLD_OUT, "Sold out",
				"Event " + eventId + " has fewer seats left than asked for.", null);
	}

	static ApiException inProgress() {
		return new ApiException(HttpStatus.CONFLICT, ProblemTypes.REQUEST_IN_PROGRESS, "Request in progress",
				"A request with this Idempotency-Key is still being processed; retry it to get its answer.", 1L);
	}

	static ApiException keyReused(StoredAnswer first) {
		return new ApiException(HttpStatus.UNPROCESSABLE_CONTENT, ProblemTypes.IDEMPOTENCY_KEY_REUSED,
				"Idempotency-Key reused", "This Idempotency-Key was first used for " + first.quantity()
						+ " seat(s) of event " + first.eventId() + "; use a new key for a different request.",
				null);
	}

}
