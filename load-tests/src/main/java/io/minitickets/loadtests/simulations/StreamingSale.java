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
 * {@link PollStorm}'s customers waiting on the status stream instead of polling: users arrive at a constant rate,
 * each books one seat of an event with a seat for everyone (Idempotency-Key, Retry-After honoured), then opens
 * {@code GET /api/bookings/{id}/events} and waits (at most {@link #WAIT}) for the event carrying its final status.
 * The report gives how each booking ended ({@code streamed CONFIRMED}...) and the time from the booking's first
 * request to its final status received.
 */
public class StreamingSale extends Simulation {

	/** The longest a customer waits on the stream for the final status; past it the request fails. */
	public static final Duration WAIT = Duration.ofSeconds(120);

	{
		LoadSettings settings = LoadSettings.current();
		setUp(Scenarios.bookAndStream("streaming sale", Feeders.users(settings.users(), settings.eventId()), WAIT)
			.injectOpen(constantUsersPerSec(settings.rate()).during(settings.duration())))
			.protocols(Requests.streamingProtocol(settings.baseUrl()))
			.assertions(global().failedRequests().count().is(0L));
	}

}
