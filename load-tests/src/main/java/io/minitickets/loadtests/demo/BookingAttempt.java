package io.minitickets.loadtests.demo;

import org.jspecify.annotations.Nullable;

import io.minitickets.loadtests.client.LoadUser;

/**
 * One booking request of the stampede and how it was answered.
 *
 * @param user who booked
 * @param status the HTTP status, or 0 when no answer came (connection failure, timeout)
 * @param bookingId the booking's id from a 202, else null
 * @param latencyNanos from sending the request until its answer (or failure), in nanoseconds
 * @param finishedAt {@link System#nanoTime()} when the answer (or failure) came
 * @param error what went wrong when no answer came, else null
 */
record BookingAttempt(LoadUser user, int status, @Nullable String bookingId, long latencyNanos, long finishedAt,
		@Nullable String error) {

	/**
	 * @return true for a 202 with a booking id: a booking that must now settle
	 */
	boolean accepted() {
		return this.status == 202 && this.bookingId != null;
	}

}
