package io.minitickets.api.booking;

import java.time.Instant;
import java.util.UUID;

import io.minitickets.api.problem.ApiException;
import io.minitickets.api.problem.Problems;
import io.minitickets.core.problem.ProblemTypes;
import io.minitickets.core.schema.ClosedSale;
import io.minitickets.core.security.AdmissionRefusal;
import io.minitickets.core.security.AdmissionTokens;
import org.springframework.http.HttpStatus;

/**
 * The problems the booking path answers, with their precise details.
 */
public final class BookingProblems {

	private BookingProblems() {
	}

	static ApiException soldOut(long eventId) {
		return new ApiException(HttpStatus.CONFLICT, ProblemTypes.SOLD_OUT, "Sold out",
				"Event " + eventId + " has fewer seats left than asked for.", null);
	}

	/**
	 * @param eventId an event whose sale is not open
	 * @param saleOpensAt its sale's opening
	 * @return the 409 that says when it opens ({@code saleOpensAt}), or that it is closed ({@link ClosedSale}: its
	 * opening then is a stand-in, not a time to wait for)
	 */
	public static ApiException saleNotOpen(long eventId, Instant saleOpensAt) {
		if (ClosedSale.isClosed(saleOpensAt)) {
			return saleClosed(eventId);
		}
		return new ApiException(HttpStatus.CONFLICT, ProblemTypes.SALE_NOT_OPEN, "Sale not open",
				"The sale of event " + eventId + " opens at " + saleOpensAt + ".", null)
			.with("saleOpensAt", saleOpensAt.toString());
	}

	/**
	 * @param eventId an event whose sale is closed
	 * @return the 409 that says so (no {@code saleOpensAt}: a closed sale's opening is a stand-in, not a time to wait
	 * for)
	 */
	static ApiException saleClosed(long eventId) {
		return new ApiException(HttpStatus.CONFLICT, ProblemTypes.SALE_NOT_OPEN, "Sale not open",
				"The sale of event " + eventId + " is closed.", null);
	}

	/**
	 * @param eventId the event
	 * @param perUserLimit its per-user limit, seats
	 * @return a 409 that says the booking would pass the user's limit
	 */
	static ApiException userLimit(long eventId, int perUserLimit) {
		return new ApiException(HttpStatus.CONFLICT, ProblemTypes.USER_LIMIT, "Per-user limit reached",
				"Event " + eventId + " sells at most " + perUserLimit + " seats per user, counting the seats you "
						+ "hold in bookings still pending and those confirmed; this booking would pass it.",
				null);
	}

	/**
	 * @param eventId an event with a waiting room
	 * @param refusal why the booking's admission token does not admit it
	 * @return the 403 that names why ({@code reason}), and where to get an admission
	 */
	static ApiException admissionRequired(long eventId, AdmissionRefusal refusal) {
		String why = switch (refusal) {
			case MISSING -> "carries no " + AdmissionTokens.HEADER + " header";
			case FORGED -> "carries an " + AdmissionTokens.HEADER + " this service did not sign";
			case OTHER_EVENT -> "carries an admission to another event";
			case OTHER_USER -> "carries an admission of another account";
			case EXPIRED -> "carries an admission that has ended";
		};
		return new ApiException(HttpStatus.FORBIDDEN, ProblemTypes.ADMISSION_REQUIRED, "Admission required",
				"Event " + eventId + " has a waiting room: a booking needs its admission (POST /api/events/" + eventId
						+ "/queue, then the place's admissionToken in the " + AdmissionTokens.HEADER
						+ " header); this one " + why + ".",
				null)
			.with("reason", refusal.reason());
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

	/**
	 * @param bookingId the booking that Kafka certainly did not take
	 * @param retryAfterSeconds Retry-After, whole seconds
	 * @return a 503 that says the booking does not exist
	 */
	static ApiException notSent(UUID bookingId, long retryAfterSeconds) {
		return Problems.unavailable("The booking queue could not take booking " + bookingId + ", so it was not "
				+ "accepted (" + statusUrl(bookingId) + " answers 404). Retry in a moment; with the same "
				+ "Idempotency-Key a retry books at most once.", retryAfterSeconds)
			.with("bookingId", bookingId.toString());
	}

	/**
	 * @param bookingId the booking whose status could not be recorded before it was sent
	 * @param retryAfterSeconds Retry-After, whole seconds
	 * @return a 503 that says the booking does not exist
	 */
	static ApiException statusNotRecorded(UUID bookingId, long retryAfterSeconds) {
		return Problems.unavailable("The booking status store could not record booking " + bookingId + ", so it was "
				+ "not sent and not accepted. Retry in a moment; with the same Idempotency-Key a retry books at most "
				+ "once.", retryAfterSeconds)
			.with("bookingId", bookingId.toString());
	}

	/**
	 * @param bookingId the booking that may or may not be in Kafka
	 * @param retryAfterSeconds Retry-After, whole seconds
	 * @return a 503 that says the outcome is unknown and how to learn it
	 */
	static ApiException unconfirmed(UUID bookingId, long retryAfterSeconds) {
		return Problems.unavailable("The booking queue did not confirm booking " + bookingId + " in time: it may "
				+ "still be accepted. Poll " + statusUrl(bookingId) + ": PENDING until it is settled, then CONFIRMED "
				+ "or REJECTED (it stays PENDING if it never reached the queue). Retry with the same Idempotency-Key "
				+ "to settle it: the retry sends the same booking again and cannot book twice.", retryAfterSeconds)
			.with("bookingId", bookingId.toString());
	}

	private static String statusUrl(UUID bookingId) {
		return BookingAccepted.of(bookingId).statusUrl();
	}

}
