package io.minitickets.loadtests.simulations;

import io.gatling.javaapi.core.Simulation;

import io.minitickets.loadtests.gatling.Feeders;
import io.minitickets.loadtests.gatling.LoadSettings;
import io.minitickets.loadtests.gatling.PaidSaleSettings;
import io.minitickets.loadtests.gatling.PaidScenarios;
import io.minitickets.loadtests.gatling.Requests;

import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.constantUsersPerSec;
import static io.gatling.javaapi.core.CoreDsl.global;

/**
 * A paid sale, open model: customers arrive at a constant rate for ten times the seats of a paid event with a short
 * hold window; most pay through the payment simulator, about 30 % never pay (their holds expire), about 5 % cancel
 * after paying, and those answered sold out join the waiting list, where offers are paid or left to lapse
 * ({@link PaidScenarios}). Meanwhile the simulator is scripted to delay, duplicate and reorder its webhooks.
 */
public class PaidSale extends Simulation {

	/** Seats of the event: one for every this many arrivals. */
	public static final int ARRIVALS_PER_SEAT = 10;

	{
		LoadSettings settings = LoadSettings.current();
		PaidSaleSettings paid = PaidSaleSettings.current();
		int seats = seats(settings.rate(), settings.duration().toSeconds());
		setUp(PaidScenarios
			.customers(Feeders.users(settings.users(), settings.eventId()), paid, Math.max(5, seats / 2))
			.injectOpen(constantUsersPerSec(settings.rate()).during(settings.duration())),
				PaidScenarios.simulatorScript(paid, settings.duration()).injectOpen(atOnceUsers(1)))
			.protocols(Requests.protocol(settings.baseUrl()))
			.assertions(global().failedRequests().count().is(0L));
	}

	/**
	 * @param rate arrivals per second
	 * @param seconds seconds of arrivals
	 * @return the event's seats: a tenth of the arrivals, at least 1
	 */
	public static int seats(double rate, long seconds) {
		return (int) Math.max(1, Math.ceil(rate * seconds / ARRIVALS_PER_SEAT));
	}

}
