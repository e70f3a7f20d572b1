package io.minitickets.loadtests.simulations;

import java.time.Duration;

import io.gatling.javaapi.core.Simulation;

import io.minitickets.loadtests.gatling.Feeders;
import io.minitickets.loadtests.gatling.LoadSettings;
import io.minitickets.loadtests.gatling.Requests;
import io.minitickets.loadtests.gatling.WaitingRoomScenarios;

import static io.gatling.javaapi.core.CoreDsl.constantUsersPerSec;
import static io.gatling.javaapi.core.CoreDsl.global;

/**
 * A rush on an event with a waiting room in {@code auto} admission and a seat for every customer, open model:
 * customers arrive at a constant rate, the first half of them before the sale opens ({@code ./minitickets load} opens
 * it once half of them arrived) and the rest after; each joins the room, joins again (the same place must come back),
 * long-polls its place until admitted, books one seat with its admission token and polls the booking until it is final
 * ({@link WaitingRoomScenarios}). The report gives the room's figures beside the verifier's: places joined, admitted,
 * booked with admission, admitted but could not book, two places for one account, and 403s.
 */
public class WaitingRoomRush extends Simulation {

	/** How long a customer waits for its admission before giving up. */
	public static final Duration PATIENCE = Duration.ofMinutes(10);

	{
		LoadSettings settings = LoadSettings.current();
		setUp(WaitingRoomScenarios.customers(Feeders.users(settings.users(), settings.eventId()), PATIENCE)
			.injectOpen(constantUsersPerSec(settings.rate()).during(settings.duration())))
			.protocols(Requests.protocol(settings.baseUrl()))
			.assertions(global().failedRequests().count().is(0L));
	}

}
