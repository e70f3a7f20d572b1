package io.minitickets.loadtests.gatling;

import java.time.Duration;
import java.util.UUID;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.FeederBuilder;
import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Session;
import io.gatling.javaapi.http.HttpRequestActionBuilder;

import static io.gatling.javaapi.core.CoreDsl.doIf;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.pause;
import static io.gatling.javaapi.core.CoreDsl.scenario;

/**
 * The scenarios layer: what one virtual user does, built from {@link Requests}, every answer recorded in the
 * {@link Ledger} under the user's role.
 */
public final class Scenarios {

	/** Booking attempts of one user that was answered 429 or 503, Retry-After honoured between them. */
	static final int MAX_BOOK_ATTEMPTS = 10;

	/**
	 * How often a streaming user looks at the events its stream received (in memory; the time to final is taken from
	 * the event's arrival, not from the look).
	 */
	static final Duration STREAM_READ = Duration.ofMillis(50);

	/** Polls of one booking before the user gives up (recorded as {@code polled PENDING}). */
	static final int MAX_POLLS = 600;

	private Scenarios() {
	}

	/**
	 * Books once, then polls until the booking is final: a sale day's user.
	 * @param name the scenario's name in the report
	 * @param users the users' feeder
	 * @param pollInterval time between two polls unless a Retry-After says otherwise
	 * @return the scenario
	 */
	public static ScenarioBuilder bookAndFollow(String name, FeederBuilder<Object> users, Duration pollInterval) {
		return scenario(name).feed(users).exec(bookHonouringRetryAfter("user"), followUntilFinal("user", pollInterval));
	}

	/**
	 * Books once (Idempotency-Key, Retry-After honoured), then waits on the booking's status stream until it is
	 * final instead of polling: a {@code StreamingSale} customer. Records how it ended and the time from the
	 * booking's first request to its final status received.
	 * @param name the scenario's name in the report
	 * @param users the users' feeder
	 * @param wait the longest wait on the stream for the final status
	 * @return the scenario
	 */
	public static ScenarioBuilder bookAndStream(String name, FeederBuilder<Object> users, Duration wait) {
		return scenario(name).feed(users).exec(bookHonouringRetryAfter("user"), streamUntilFinal("user", wait));
	}

	/**
	 * Waits on a 202's booking status stream until it is final; records how it ended and how long it took since the
	 * booking's first request. Does nothing without a booking id.
	 * @param role the role
	 * @param wait the longest wait for the final status
	 * @return the chain
	 */
	static ChainBuilder streamUntilFinal(String role, Duration wait) {
		return doIf((session) -> session.contains("bookingId")).then(
				exec((session) -> session.set("bookingStatus", "PENDING")
					.remove("finalAt")
					.set("streamDeadline", System.currentTimeMillis() + wait.toMillis()))
					.exec(Requests.openStream(role + ": stream"))
					.asLongAs((session) -> !session.contains("finalAt")
							&& System.currentTimeMillis() < session.getLong("streamDeadline"))
					.on(pause(STREAM_READ).exec(Requests.readStream()))
					.doIf((session) -> !session.contains("finalAt"))
					.then(exec(Requests.closeStream(role + ": close stream")))
					.exec((session) -> {
						boolean known = session.contains("finalAt");
						String status = known ? String.valueOf(session.getString("bookingStatus")) : "PENDING";
						Ledger.current().streamed(role, status,
								known ? session.getLong("finalAt") - session.getLong("bookedAt") : null);
						return session;
					}));
	}

	/**
	 * Books once and takes the answer as it is: a stampede's user.
	 * @param name the scenario's name in the report
	 * @param users the users' feeder
	 * @return the scenario
	 */
	public static ScenarioBuilder bookOnce(String name, FeederBuilder<Object> users) {
		return scenario(name).feed(users).exec(book("user"));
	}

	/**
	 * One account booking back to back, without pauses, for a while: a scalper's thread.
	 * @param scalper the scalper's feeder (one user)
	 * @param duration how long it keeps booking
	 * @return the scenario
	 */
	public static ScenarioBuilder scalper(FeederBuilder<Object> scalper, Duration duration) {
		// exitASAP false: a request sent before the end is recorded when its answer comes
		return scenario("scalper").feed(scalper).during(duration, false).on(book("scalper"));
	}

	/**
	 * A shopper booking once every {@code interval}, {@code times} times, each booking retried with its
	 * Idempotency-Key on 429 and 503 as Retry-After says, as a shop's client would.
	 * @param shoppers the shoppers' feeder (one user each)
	 * @param times bookings per shopper
	 * @param interval time between two bookings
	 * @return the scenario
	 */
	public static ScenarioBuilder shopper(FeederBuilder<Object> shoppers, int times, Duration interval) {
		return scenario("shoppers").feed(shoppers).repeat(times).on(bookHonouringRetryAfter("shopper").pause(interval));
	}

	/**
	 * One booking request, its answer recorded. A first attempt (any request outside
	 * {@link #bookHonouringRetryAfter}, and the first one in it) books under a new Idempotency-Key and counts as a
	 * booking tried and starts its time to final ({@code bookedAt}, epoch milliseconds); a retry sends the same key
	 * again.
	 * @param role the role it is recorded under and named after in the report ({@code <role>: book})
	 * @return the chain
	 */
	static ChainBuilder book(String role) {
		return book(role, Requests.book(role + ": book"));
	}

	/**
	 * {@link #book(String)} with another booking request ({@link Requests#bookAdmitted}).
	 * @param role the role it is recorded under
	 * @param request the booking request
	 * @return the chain
	 */
	static ChainBuilder book(String role, HttpRequestActionBuilder request) {
		return exec((session) -> {
			Session cleared = session.removeAll("status", "bookingId", "problemType", "retryAfter");
			return isFirstAttempt(cleared) ? cleared.set("idempotencyKey", UUID.randomUUID().toString())
				.set("bookedAt", System.currentTimeMillis()) : cleared;
		}).exec(request).exec((session) -> {
			Ledger.current().booked(role, session.getLong("eventId"), isFirstAttempt(session), status(session),
					session.getString("bookingId"), session.getString("problemType"));
			return session;
		});
	}

	/**
	 * Books until the answer is not 429 or 503, sleeping what Retry-After says between attempts (at most
	 * {@value #MAX_BOOK_ATTEMPTS} attempts).
	 * @param role the role
	 * @return the chain
	 */
	static ChainBuilder bookHonouringRetryAfter(String role) {
		return bookHonouringRetryAfter(role, Requests.book(role + ": book"));
	}

	/**
	 * {@link #bookHonouringRetryAfter(String)} with another booking request ({@link Requests#bookAdmitted}).
	 * @param role the role
	 * @param request the booking request
	 * @return the chain
	 */
	static ChainBuilder bookHonouringRetryAfter(String role, HttpRequestActionBuilder request) {
		return exec((session) -> session.set("attempt", 0).set("again", true))
			.asLongAs((session) -> session.getBoolean("again"))
			.on(book(role, request).exec((session) -> {
				int attempt = session.getInt("attempt") + 1;
				boolean retry = (status(session) == 429 || status(session) == 503) && attempt < MAX_BOOK_ATTEMPTS;
				return session.set("attempt", attempt).set("again", retry);
			}).doIf((session) -> session.getBoolean("again")).then(pause(Scenarios::retryAfter)));
	}

	/**
	 * Polls a 202's booking until it is CONFIRMED or REJECTED (at most {@value #MAX_POLLS} polls), honouring
	 * Retry-After on 429 and 503; records how it ended. Does nothing without a booking id.
	 * @param role the role
	 * @param interval time between two polls unless a Retry-After says otherwise
	 * @return the chain
	 */
	static ChainBuilder followUntilFinal(String role, Duration interval) {
		return doIf((session) -> session.contains("bookingId")).then(
				exec((session) -> session.set("bookingStatus", "PENDING").set("polls", 0).remove("retryAfter"))
					.asLongAs((session) -> "PENDING".equals(session.getString("bookingStatus"))
							&& session.getInt("polls") < MAX_POLLS)
					.on(pause((session) -> session.contains("retryAfter") ? retryAfter(session) : interval)
						.exec((session) -> session.set("polls", session.getInt("polls") + 1).remove("retryAfter"))
						.exec(Requests.poll(role + ": poll"))
						.exec((session) -> (status(session) == 200) ? session
								: session.set("bookingStatus", "PENDING")))
					.exec((session) -> {
						Ledger.current().settled(role, String.valueOf(session.getString("bookingStatus")));
						return session;
					}));
	}

	private static boolean isFirstAttempt(Session session) {
		return !session.contains("attempt") || session.getInt("attempt") == 0;
	}

	static int status(Session session) {
		return session.contains("status") ? session.getInt("status") : 0;
	}

	static Duration retryAfter(Session session) {
		String seconds = session.getString("retryAfter");
		try {
			return Duration.ofSeconds((seconds != null) ? Math.max(1, Long.parseLong(seconds.trim())) : 1);
		}
		catch (NumberFormatException ex) {
			return Duration.ofSeconds(1);
		}
	}

}
