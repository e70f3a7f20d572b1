package io.minitickets.loadtests.gatling;

import java.time.Duration;
import java.util.Objects;
import java.util.Set;

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
 * What the customers of a waiting-room sale do ({@code WaitingRoomRush}), recorded in the {@link Ledger} under
 * {@value #ROLE}. A customer joins the event's waiting room (before the sale opens: a {@code PRE_QUEUE} place; after:
 * {@code WAITING}), joins again at once (the same place must come back), waits for the admission by long-polling the
 * place ({@code Prefer: wait}), then books one seat with the admission token (Idempotency-Key, Retry-After honoured)
 * and polls the booking until it is final. 429 and 503 are waited out as Retry-After says wherever they come.
 * <p>
 * Outcomes recorded beside the booking's ({@link Ledger#booked}, {@link Ledger#settled}): {@value #ARRIVED},
 * {@value #JOINED}, {@value #JOINED_BEFORE_OPENING}, {@value #SAME_PLACE}, {@value #ANOTHER_PLACE}, {@value #ADMITTED},
 * {@value #DROPPED}, {@value #SOLD_OUT_WHILE_WAITING}, {@value #NOT_ADMITTED}, {@value #BOOKED},
 * {@value #COULD_NOT_BOOK}, {@code join retried after <status>} for a join answered 429 or 503, and
 * {@code <step> answered <status>} for a join, a second join or a wait answered otherwise than designed for the step
 * ({@code timeout} when no answer came).
 */
public final class WaitingRoomScenarios {

	/** The role every customer is recorded under. */
	public static final String ROLE = "customer";

	/** A customer arrived (the scenario started). */
	public static final String ARRIVED = "arrived";

	/** A join answered 201 with a new place, or 200 with the place its earlier attempt took (then retried). */
	public static final String JOINED = "joined";

	/** A join answered 201 with a {@code PRE_QUEUE} place: taken before the sale opened. */
	public static final String JOINED_BEFORE_OPENING = "joined before the opening";

	/** The second join gave back the customer's place. */
	public static final String SAME_PLACE = "joined again: same place";

	/** The second join gave another place: the account held two. */
	public static final String ANOTHER_PLACE = "joined again: another place";

	/** The place was admitted while its customer waited. */
	public static final String ADMITTED = "admitted";

	/** The place was dropped as abandoned while its customer waited on it. */
	public static final String DROPPED = "dropped";

	/** The event was sold out while the customer waited: it stopped waiting. */
	public static final String SOLD_OUT_WHILE_WAITING = "sold out while waiting";

	/** The customer's patience ended before the admission. */
	public static final String NOT_ADMITTED = "not admitted in time";

	/** An admitted customer's booking with its admission token was accepted (202). */
	public static final String BOOKED = "booked with admission";

	/** An admitted customer's booking with its admission token ended otherwise than 202. */
	public static final String COULD_NOT_BOOK = "admitted, could not book";

	/** The longest wait asked for on the place's URL; api-service caps it at 30 s. */
	static final Duration LONG_POLL = Duration.ofSeconds(20);

	/** How often a booking is polled until final. */
	static final Duration POLL = Duration.ofMillis(500);

	/** Attempts of a join answered 429 or 503 before giving up. */
	static final int MAX_ATTEMPTS = 10;

	private static final Set<String> WAITING = Set.of("PRE_QUEUE", "WAITING");

	private WaitingRoomScenarios() {
	}

	/**
	 * @param users the users' feeder
	 * @param patience how long a customer waits for its admission before giving up ({@value #NOT_ADMITTED})
	 * @return the customers' scenario
	 */
	public static ScenarioBuilder customers(FeederBuilder<Object> users, Duration patience) {
		return scenario("waiting room rush").feed(users)
			.exec((session) -> {
				Ledger.current().counted(ROLE, ARRIVED);
				return session;
			})
			.exec(honouringRetryAfter(WaitingRoomRequests.join(ROLE + ": join")))
			// 200: the place of a join whose answer was a 503 although it took the place, found by its retry
			.doIfOrElse((session) -> (Scenarios.status(session) == 201 || Scenarios.status(session) == 200)
					&& session.contains("joinedPlaceId"))
			.then(exec((session) -> {
				Ledger.current().counted(ROLE, JOINED);
				if ("PRE_QUEUE".equals(session.getString("joinedState"))) {
					Ledger.current().counted(ROLE, JOINED_BEFORE_OPENING);
				}
				return session.set("placeId", session.getString("joinedPlaceId"))
					.set("placeState", session.getString("joinedState"));
			}).exec(joinAgain()).exec(waitForAdmission(patience))
				.doIf((session) -> "ADMITTED".equals(session.getString("placeState")))
				.then(book()))
			.orElse(answered("join"));
	}

	private static ChainBuilder joinAgain() {
		return exec(honouringRetryAfter(WaitingRoomRequests.join(ROLE + ": join again"))).exec((session) -> {
			int status = Scenarios.status(session);
			if (status == 200 || status == 201) {
				Ledger.current().counted(ROLE, Objects.equals(session.getString("joinedPlaceId"),
						session.getString("placeId")) && status == 200 ? SAME_PLACE : ANOTHER_PLACE);
			}
			else {
				Ledger.current().counted(ROLE, "join again answered " + outcome(status));
			}
			return session;
		});
	}

	private static ChainBuilder waitForAdmission(Duration patience) {
		return exec((session) -> session.remove("soldOut").set("waitUntil", System.nanoTime() + patience.toNanos()))
			.asLongAs((session) -> WAITING.contains(session.getString("placeState")) && !soldOut(session)
					&& System.nanoTime() - session.getLong("waitUntil") < 0)
			.on(exec((session) -> session.removeAll("status", "retryAfter"))
				.exec(WaitingRoomRequests.longPoll(ROLE + ": wait", LONG_POLL))
				.doIf((session) -> Scenarios.status(session) != 200)
				.then(answered("wait").doIf((session) -> retried(Scenarios.status(session)))
					.then(pause(Scenarios::retryAfter))))
			.exec((session) -> {
				String state = session.getString("placeState");
				String outcome = switch ((state != null) ? state : "") {
					case "ADMITTED" -> ADMITTED;
					case "DROPPED" -> DROPPED;
					default -> soldOut(session) ? SOLD_OUT_WHILE_WAITING : NOT_ADMITTED;
				};
				Ledger.current().counted(ROLE, outcome);
				return session;
			});
	}

	/** Books with the admission token, unless the place came without one (its admission over already). */
	private static ChainBuilder book() {
		return doIf((session) -> session.contains("admissionToken"))
			.then(exec(Scenarios.bookHonouringRetryAfter(ROLE, Requests.bookAdmitted(ROLE + ": book"))))
			.exec((session) -> {
				boolean booked = Scenarios.status(session) == 202 && session.contains("bookingId");
				Ledger.current().counted(ROLE, booked ? BOOKED : COULD_NOT_BOOK);
				return booked ? session : session.remove("bookingId");
			})
			.exec(Scenarios.followUntilFinal(ROLE, POLL));
	}

	/** Sends the request again while it is answered 429 or 503, as long as Retry-After says. */
	private static ChainBuilder honouringRetryAfter(HttpRequestActionBuilder request) {
		return exec((session) -> session.set("attempt", 0).set("again", true))
			.asLongAs((session) -> session.getBoolean("again"))
			.on(exec((session) -> session.removeAll("status", "retryAfter", "joinedPlaceId", "joinedState"))
				.exec(request)
				.exec((session) -> {
					int attempt = session.getInt("attempt") + 1;
					boolean retry = retried(Scenarios.status(session)) && attempt < MAX_ATTEMPTS;
					if (retry) {
						Ledger.current().counted(ROLE, "join retried after " + Scenarios.status(session));
					}
					return session.set("attempt", attempt).set("again", retry);
				})
				.doIf((session) -> session.getBoolean("again"))
				.then(pause(Scenarios::retryAfter)));
	}

	private static ChainBuilder answered(String step) {
		return exec((session) -> {
			Ledger.current().counted(ROLE, step + " answered " + outcome(Scenarios.status(session)));
			return session;
		});
	}

	private static boolean retried(int status) {
		return status == 429 || status == 503;
	}

	private static String outcome(int status) {
		return (status == Ledger.NO_ANSWER) ? Ledger.TIMEOUT : Integer.toString(status);
	}

	private static boolean soldOut(Session session) {
		return session.contains("soldOut") && session.getBoolean("soldOut");
	}

}
