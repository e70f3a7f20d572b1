package io.minitickets.loadtests.simulations;

import java.time.Duration;

import io.gatling.javaapi.core.Simulation;

import io.minitickets.loadtests.gatling.Feeders;
import io.minitickets.loadtests.gatling.LoadSettings;
import io.minitickets.loadtests.gatling.Requests;
import io.minitickets.loadtests.gatling.Scenarios;

import static io.gatling.javaapi.core.CoreDsl.constantUsersPerSec;
import static io.gatling.javaapi.core.CoreDsl.global;

/**
 * Thousands of clients polling PENDING bookings while the worker settles: users arrive at a constant rate, each
 * books one seat of an event with a seat for everyone and polls its booking every 100 ms (Retry-After honoured)
 * until it is final.
 */
public class PollStorm extends Simulation {

	{
		LoadSettings settings = LoadSettings.current();
		setUp(Scenarios.bookAndFollow("poll storm", Feeders.users(settings.users(), settings.eventId()),
				Duration.ofMillis(100))
			.injectOpen(constantUsersPerSec(settings.rate()).during(settings.duration())))
			.protocols(Requests.protocol(settings.baseUrl()))
			.assertions(global().failedRequests().count().is(0L));
	}

}
