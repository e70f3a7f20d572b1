package io.minitickets.loadtests.chaos;

import org.jspecify.annotations.Nullable;

import io.minitickets.localstack.chaos.FaultKind;

/**
 * One booking request of the load and how api-service answered it.
 *
 * @param fault the phase it was sent in
 * @param eventId the event it booked
 * @param quantity seats asked for
 * @param status the HTTP status, or 0 when no answer came (connection refused or reset, timeout)
 * @param bookingId the booking's id from a 202, else null
 * @param shed true for a 503 api-service answered at once because its in-flight limit was reached
 */
record Answer(FaultKind fault, long eventId, int quantity, int status, @Nullable String bookingId, boolean shed) {

	/**
	 * An answer that was not shed by the in-flight limit.
	 * @param fault the phase it was sent in
	 * @param eventId the event it booked
	 * @param quantity seats asked for
	 * @param status the HTTP status, or 0 when no answer came
	 * @param bookingId the booking's id from a 202, else null
	 */
	Answer(FaultKind fault, long eventId, int quantity, int status, @Nullable String bookingId) {
		this(fault, eventId, quantity, status, bookingId, false);
	}

	/**
	 * @return true for a 202 with a booking id: a promise that the booking settles
	 */
	boolean accepted() {
		return this.status == 202 && this.bookingId != null;
	}

}
