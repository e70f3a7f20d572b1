package io.minitickets.loadtests.simulations;

import io.gatling.javaapi.core.Simulation;

import io.minitickets.loadtests.gatling.Feeders;
import io.minitickets.loadtests.gatling.LoadSettings;
import io.minitickets.loadtests.gatling.Requests;
import io.minitickets.loadtests.gatling.Scenarios;

import static io.gatling.javaapi.core.CoreDsl.constantUsersPerSec;
import static io.gatling.javaapi.core.CoreDsl.global;

/**
 * Every request arrives after the event sold out ({@code ./minitickets load} sells it out first): a constant
 * arrival rate of users, each booking once; each must be answered 409 sold out (or 429 when its own bucket is
 * empty), from the gate, without reaching Kafka or Postgres.
 */
public class SoldOutStampede extends Simulation {

	{
		LoadSettings settings = LoadSettings.current();
		setUp(Scenarios.bookOnce("sold-out stampede", Feeders.users(settings.users(), settings.eventId()))
			.injectOpen(constantUsersPerSec(settings.rate()).during(settings.duration())))
			.protocols(Requests.protocol(settings.baseUrl()))
			.assertions(global().failedRequests().count().is(0L));
	}

}
