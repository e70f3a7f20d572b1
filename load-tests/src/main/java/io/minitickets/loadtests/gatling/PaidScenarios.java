package io.minitickets.loadtests.gatling;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.FeederBuilder;
import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Session;
import io.gatling.javaapi.http.HttpRequestActionBuilder;

import io.minitickets.core.problem.ProblemTypes;

import static io.gatling.javaapi.core.CoreDsl.doIf;
import static io.gatling.javaapi.core.CoreDsl.doIfOrElse;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.pause;
import static io.gatling.javaapi.core.CoreDsl.scenario;

/**
 * What the customers of a paid sale do ({@code PaidSale}), recorded in the {@link Ledger} under {@code buyer} and
 * {@code waiting}. A buyer books one seat (Idempotency-Key, Retry-After honoured) and follows it to HELD; then, drawn
 * once per customer: 65 % pay through the simulator's checkout, 25 % never pay and 5 % decline at the checkout (their
 * holds expire: 30 % never pay), 5 % pay and then cancel (refunded). A buyer answered sold out joins the waiting
 * list; one placed beyond the seats that may come back leaves it at once, the others watch their entry until offered
 * or out of patience (then they leave), and pay 70 % of the offers, leaving the rest to lapse.
 */
public final class PaidScenarios {

	/** How often a HELD booking, and a payment on its way, is polled. */
	static final Duration POLL = Duration.ofMillis(500);

	/** How often a waiting customer looks at the entry. */
	static final Duration WAITLIST_POLL = Duration.ofSeconds(2);

	/** Checkout, cancellation and join attempts answered 409-with-Retry-After, 429 or 503 before giving up. */
	static final int MAX_ATTEMPTS = 10;

	private static final Set<String> UNSETTLED = Set.of("PENDING", "HELD", "EXPIRED");

	private PaidScenarios() {
	}

	/**
	 * @param users the users' feeder
	 * @param paid the simulator and the event's windows
	 * @param hopefulPositions waiting-list positions that may see an offer; a customer placed further down leaves
	 * @return the customers' scenario
	 */
	public static ScenarioBuilder customers(FeederBuilder<Object> users, PaidSaleSettings paid, int hopefulPositions) {
		Duration payWait = Duration.ofSeconds(2L * paid.holdSeconds() + 10);
		return scenario("paid sale").feed(users)
			.exec((session) -> session.set("simulatorUrl", paid.simulatorUrl()).set("fate", Fate.draw().name()))
			.exec(Scenarios.bookHonouringRetryAfter("buyer"))
			.exec(doIfOrElse((session) -> session.contains("bookingId"))
				.then(exec(Scenarios.followUntilFinal("buyer", POLL))
					.doIf((session) -> "HELD".equals(session.getString("bookingStatus")))
					.then(settle(payWait)))
				.orElse(doIf(PaidScenarios::soldOut).then(waitForOffer(paid.patience(), hopefulPositions, payWait))));
	}

	/**
	 * The simulator scripted over the sale (the arrivals and the waiting customers' patience after them): webhooks
	 * delayed 300 ms and duplicated for the first third, duplicated and delivered in reverse pairs for the second, as
	 * usual for the last (which also releases an event held back).
	 * @param paid the simulator and the windows
	 * @param injection how long the customers arrive
	 * @return a one-user scenario
	 */
	public static ScenarioBuilder simulatorScript(PaidSaleSettings paid, Duration injection) {
		Duration third = injection.plus(paid.patience()).dividedBy(3);
		return scenario("simulator script").exec((session) -> session.set("simulatorUrl", paid.simulatorUrl()))
			.exec(behaviour("{\"delayMs\":300,\"duplicate\":true}"))
			.pause(third)
			.exec(behaviour("{\"duplicate\":true,\"outOfOrder\":true}"))
			.pause(third)
			.exec(behaviour("{}"));
	}

	private static ChainBuilder behaviour(String json) {
		return exec((session) -> session.set("behaviour", json)).exec(PaidRequests.behaviour());
	}

	private static ChainBuilder settle(Duration payWait) {
		return doIfOrElse((session) -> fate(session) == Fate.NEVER).then(count("buyer", "never paid"))
			.orElse(doIfOrElse((session) -> fate(session) == Fate.DECLINE)
				.then(honouringRetryAfter(PaidRequests.checkout())
					.doIf((session) -> session.contains("checkoutId"))
					.then(exec(PaidRequests.complete(false)))
					.exec(count("buyer", "declined")))
				.orElse(pay("buyer", payWait).doIf((session) -> fate(session) == Fate.CANCEL
						&& "CONFIRMED".equals(session.getString("bookingStatus")))
					.then(cancel())));
	}

	/**
	 * Checkout, pay at the simulator, then poll until the payment is applied (CONFIRMED, or REFUNDED when it came
	 * after the hold expired and the seats were gone); records {@code paid: <status>}.
	 */
	private static ChainBuilder pay(String role, Duration payWait) {
		return exec((session) -> session.remove("checkoutId"))
			.exec(honouringRetryAfter(PaidRequests.checkout()))
			.doIfOrElse((session) -> session.contains("checkoutId"))
			.then(exec(PaidRequests.complete(true))
				.exec((session) -> session.set("bookingStatus", "HELD").set("polls", 0))
				.asLongAs((session) -> UNSETTLED.contains(session.getString("bookingStatus"))
						&& session.getInt("polls") * POLL.toMillis() < payWait.toMillis())
				.on(pause(POLL).exec((session) -> session.set("polls", session.getInt("polls") + 1))
					.exec(Requests.poll(role + ": poll"))
					.exec((session) -> keepStatusUnlessAnswered(session, "HELD")))
				.exec((session) -> {
					Ledger.current().counted(role, "paid: " + session.getString("bookingStatus"));
					return session;
				}))
			.orElse(count(role, "no checkout (hold ended)"));
	}

	private static ChainBuilder cancel() {
		return exec(honouringRetryAfter(PaidRequests.cancel()))
			.exec((session) -> session.set("polls", 0))
			.asLongAs((session) -> "CONFIRMED".equals(session.getString("bookingStatus"))
					&& session.getInt("polls") < Scenarios.MAX_POLLS)
			.on(pause(POLL).exec((session) -> session.set("polls", session.getInt("polls") + 1))
				.exec(Requests.poll("buyer: poll"))
				.exec((session) -> keepStatusUnlessAnswered(session, "CONFIRMED")))
			.exec((session) -> {
				Ledger.current().counted("buyer", "cancelled: " + session.getString("bookingStatus"));
				return session;
			});
	}

	private static ChainBuilder waitForOffer(Duration patience, int hopefulPositions, Duration payWait) {
		return exec(honouringRetryAfter(PaidRequests.joinWaitlist()))
			.doIfOrElse((session) -> Scenarios.status(session) == 201)
			.then(exec(count("waiting", "joined"))
				.doIfOrElse((session) -> session.getInt("position") > hopefulPositions)
				.then(exec(PaidRequests.leaveWaitlist()).exec(count("waiting", "left: too far down")))
				.orElse(watch(patience).doIfOrElse((session) -> "OFFERED".equals(session.getString("entryState")))
					.then(exec((session) -> session.set("bookingId", session.getString("offerBookingId")))
						.exec(count("waiting", "offered"))
						.doIfOrElse((session) -> ThreadLocalRandom.current().nextInt(100) < 70)
						.then(pay("waiting", payWait))
						.orElse(count("waiting", "offer left to lapse")))
					.orElse(exec(PaidRequests.leaveWaitlist()).exec(count("waiting", "left: no offer")))))
			.orElse(exec((session) -> {
				Ledger.current().counted("waiting", "join answered " + Scenarios.status(session));
				return session;
			}));
	}

	private static ChainBuilder watch(Duration patience) {
		return exec((session) -> session.set("entryState", "WAITING")
			.set("watchUntil", System.nanoTime() + patience.toNanos()))
			.asLongAs((session) -> "WAITING".equals(session.getString("entryState"))
					&& System.nanoTime() - session.getLong("watchUntil") < 0)
			.on(pause(WAITLIST_POLL).exec(PaidRequests.waitlistEntry()));
	}

	/** Sends the request again while it is answered 429, 503 or 409 with a Retry-After, as long as that says. */
	private static ChainBuilder honouringRetryAfter(HttpRequestActionBuilder request) {
		return exec((session) -> session.set("attempt", 0).set("again", true))
			.asLongAs((session) -> session.getBoolean("again"))
			.on(exec((session) -> session.remove("retryAfter")).exec(request).exec((session) -> {
				int attempt = session.getInt("attempt") + 1;
				int status = Scenarios.status(session);
				boolean retry = (status == 429 || status == 503 || (status == 409 && session.contains("retryAfter")))
						&& attempt < MAX_ATTEMPTS;
				return session.set("attempt", attempt).set("again", retry);
			}).doIf((session) -> session.getBoolean("again")).then(pause(Scenarios::retryAfter)));
	}

	private static ChainBuilder count(String role, String outcome) {
		return exec((session) -> {
			Ledger.current().counted(role, outcome);
			return session;
		});
	}

	/** A poll answered 429 or 503 carries a problem's {@code status} (the HTTP status), not the booking's. */
	private static Session keepStatusUnlessAnswered(Session session, String unchanged) {
		return (Scenarios.status(session) == 200) ? session : session.set("bookingStatus", unchanged);
	}

	private static boolean soldOut(Session session) {
		return Scenarios.status(session) == 409
				&& ProblemTypes.SOLD_OUT.toString().equals(session.getString("problemType"));
	}

	private static Fate fate(Session session) {
		return Fate.valueOf(session.getString("fate"));
	}

	/** What a buyer does with a hold. */
	enum Fate {

		/** Pays through the checkout. */
		PAY,

		/** Pays, then cancels the confirmed booking (refunded). */
		CANCEL,

		/** Opens the checkout and declines. */
		DECLINE,

		/** Never pays: the hold expires. */
		NEVER;

		static Fate draw() {
			int percent = ThreadLocalRandom.current().nextInt(100);
			if (percent < 5) {
				return CANCEL;
			}
			if (percent < 10) {
				return DECLINE;
			}
			return (percent < 35) ? NEVER : PAY;
		}

	}

}
