package io.minitickets.loadtests.demo;

import java.util.List;

/**
 * The answers of one stampede.
 *
 * @param attempts every request, in submission order
 * @param startedAt {@link System#nanoTime()} when all requests were released at once
 * @param finishedAt {@link System#nanoTime()} when the last answer came
 */
record LoadResult(List<BookingAttempt> attempts, long startedAt, long finishedAt) {

	/**
	 * @return the requests answered 202 with a booking id
	 */
	List<BookingAttempt> accepted() {
		return this.attempts.stream().filter(BookingAttempt::accepted).toList();
	}

	/**
	 * @param status an HTTP status
	 * @return how many requests were answered with it
	 */
	int count(int status) {
		return (int) this.attempts.stream().filter((attempt) -> attempt.status() == status).count();
	}

}
