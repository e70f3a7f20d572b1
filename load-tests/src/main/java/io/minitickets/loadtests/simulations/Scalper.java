package io.minitickets.loadtests.simulations;

import java.time.Duration;

import io.gatling.javaapi.core.Simulation;

import io.minitickets.loadtests.gatling.Feeders;
import io.minitickets.loadtests.gatling.LoadSettings;
import io.minitickets.loadtests.gatling.Requests;
import io.minitickets.loadtests.gatling.Scenarios;

import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.global;

/**
 * The seed's ShopStream case: one scalper account with {@value #SCALPER_THREADS} virtual users booking back to back,
 * and {@value #SHOPPERS} shoppers each booking once every 2 s, for the run's duration (10 s), on an event of 1,000
 * seats. The first user of the run is the scalper, the next {@value #SHOPPERS} the shoppers. What it must show
 * ({@code ./minitickets load Scalper} checks it): every shopper booking confirmed, the scalper held to its token
 * bucket (at most capacity + rate × duration = 10 + 1/s × 10 s = 20 seats), the rest still on sale.
 */
public class Scalper extends Simulation {

	/** Concurrent virtual users of the scalper's one account. */
	public static final int SCALPER_THREADS = 20;

	/** Shoppers, one account each. */
	public static final int SHOPPERS = 5;

	/** Time between two bookings of one shopper. */
	public static final Duration SHOPPER_INTERVAL = Duration.ofSeconds(2);

	/** The event's seats. */
	public static final int SEATS = 1_000;

	{
		LoadSettings settings = LoadSettings.current();
		int bookingsPerShopper = (int) Math.max(1, settings.duration().toMillis() / SHOPPER_INTERVAL.toMillis());
		setUp(Scenarios.scalper(Feeders.users(settings.users().subList(0, 1), settings.eventId()),
				settings.duration()).injectOpen(atOnceUsers(SCALPER_THREADS)),
				Scenarios.shopper(Feeders.users(settings.users().subList(1, 1 + SHOPPERS), settings.eventId()),
						bookingsPerShopper, SHOPPER_INTERVAL).injectOpen(atOnceUsers(SHOPPERS)))
			.protocols(Requests.protocol(settings.baseUrl()))
			.assertions(global().failedRequests().count().is(0L));
	}

}
