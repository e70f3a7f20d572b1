package io.minitickets.loadtests.chaos;

import java.io.IOException;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

import io.minitickets.loadtests.client.ApiClient;
import io.minitickets.loadtests.client.ApiResponse;
import io.minitickets.localstack.chaos.BookingProbe;
import io.minitickets.localstack.chaos.FaultKind;

/**
 * A round's {@link BookingProbe}: one seat of the round's probe event (no load books it, it has seats to spare) as the
 * run's probe user, each answer kept with the phase's, so the probe's 202s are checked like the load's (settled,
 * oversold, drift). A request times out after 30 s.
 */
final class RoundProbe implements BookingProbe {

	private final ApiClient api;

	private final String token;

	private final long eventId;

	private final FaultKind fault;

	private final Queue<Answer> answers = new ConcurrentLinkedQueue<>();

	/**
	 * @param api api-service (its URL stays the same across restarts)
	 * @param token the probe user's Bearer token
	 * @param eventId the round's probe event
	 * @param fault the phase its answers are recorded under
	 */
	RoundProbe(ApiClient api, String token, long eventId, FaultKind fault) {
		this.api = api;
		this.token = token;
		this.eventId = eventId;
		this.fault = fault;
	}

	@Override
	public int book() {
		return bookOne().status();
	}

	/**
	 * Books one seat of the event and keeps the answer.
	 * @return the answer (status 0 when none came)
	 */
	Answer bookOne() {
		Answer answer;
		try {
			ApiResponse response = this.api.book(this.token, this.eventId, 1);
			String bookingId = (response.status() == 202) ? this.api.bookingId(response.body()) : null;
			answer = new Answer(this.fault, this.eventId, 1, response.status(), bookingId);
		}
		catch (IOException ex) {
			answer = new Answer(this.fault, this.eventId, 1, 0, null);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			answer = new Answer(this.fault, this.eventId, 1, 0, null);
		}
		this.answers.add(answer);
		return answer;
	}

	/**
	 * @return every answer the probe got, in order
	 */
	List<Answer> answers() {
		return List.copyOf(this.answers);
	}

}
