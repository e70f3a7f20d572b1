package io.minitickets.api.booking;

import java.util.UUID;

import io.minitickets.api.problem.ApiException;
import org.jspecify.annotations.Nullable;

/**
 * What became of one attempt to accept a booking.
 *
 * @param outcome what happened
 * @param bookingId the booking
 * @param problem the answer when it was not accepted; null when it was
 */
record Admission(Outcome outcome, UUID bookingId, @Nullable ApiException problem) {

	static Admission accepted(UUID bookingId) {
		return new Admission(Outcome.ACCEPTED, bookingId, null);
	}

	static Admission refused(Outcome outcome, UUID bookingId, ApiException problem) {
		return new Admission(outcome, bookingId, problem);
	}

	static Admission keyBusy(UUID bookingId) {
		return new Admission(Outcome.KEY_BUSY, bookingId, null);
	}

	/**
	 * @return the 202 answer
	 * @throws ApiException the problem answer, when the booking was not accepted
	 * @throws IllegalStateException for {@link Outcome#KEY_BUSY}, which has no answer yet
	 */
	BookingAccepted answer() {
		if (this.problem != null) {
			throw this.problem;
		}
		if (this.outcome != Outcome.ACCEPTED) {
			throw new IllegalStateException("No answer yet: " + this.outcome);
		}
		return BookingAccepted.of(this.bookingId);
	}

	/**
	 * What happened to a booking request, as far as the Idempotency-Key must remember it.
	 */
	enum Outcome {

		/** In Kafka, acknowledged: 202. */
		ACCEPTED,

		/** The gate had too few seats; nothing was taken: 409. */
		SOLD_OUT,

		/**
		 * The user's held and confirmed seats would pass the event's per-user limit; nothing was taken: 409, and the
		 * key is freed, since a retry may pass once a pending booking of the user is rejected.
		 */
		USER_LIMIT,

		/** Certainly not in Kafka; what was taken was given back: 503, and a retry runs again. */
		NOT_SENT,

		/** Maybe in Kafka: the lease and PENDING stay, and a retry of the same request sends it again: 503. */
		UNCONFIRMED,

		/**
		 * The Idempotency-Key held something when the call meant to claim it: only the token was taken; the key is to
		 * be read on its own (a replay, a request in progress, a resumed booking or a corrupt entry).
		 */
		KEY_BUSY

	}

}
