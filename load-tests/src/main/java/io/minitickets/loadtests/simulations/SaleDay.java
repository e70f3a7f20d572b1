package io.minitickets.loadtests.simulations;

import java.time.Duration;

import io.gatling.javaapi.core.Simulation;

import io.minitickets.loadtests.gatling.Feeders;
import io.minitickets.loadtests.gatling.LoadSettings;
import io.minitickets.loadtests.gatling.Requests;
import io.minitickets.loadtests.gatling.Scenarios;

import static io.gatling.javaapi.core.CoreDsl.constantUsersPerSec;
import static io.gatling.javaapi.core.CoreDsl.global;
import static io.gatling.javaapi.core.CoreDsl.rampUsersPerSec;

/**
 * A sale day's spike, open model: the arrival rate ramps from 1 user/s to the peak over the first third of the
 * duration, holds for the second, falls back over the last; each user books one seat (honouring Retry-After on 429
 * and 503) and polls its booking every 500 ms until it is final. The event has fewer seats than arrivals, so the
 * sale sells out during the spike.
 */
public class SaleDay extends Simulation {

	{
		LoadSettings settings = LoadSettings.current();
		Duration third = settings.duration().dividedBy(3);
		setUp(Scenarios.bookAndFollow("sale day", Feeders.users(settings.users(), settings.eventId()),
				Duration.ofMillis(500))
			.injectOpen(rampUsersPerSec(1).to(settings.rate()).during(third),
					constantUsersPerSec(settings.rate()).during(third),
					rampUsersPerSec(settings.rate()).to(1).during(third)))
			.protocols(Requests.protocol(settings.baseUrl()))
			.assertions(global().failedRequests().count().is(0L));
	}

}
