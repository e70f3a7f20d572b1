package io.minitickets.loadtests.bench.sse;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;

import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;

import io.minitickets.core.problem.ProblemTypes;
import io.minitickets.loadtests.client.LoadUser;
import io.minitickets.localstack.stack.StackException;

/**
 * Books one seat per user as a shop's client does: {@code POST /api/events/{id}/bookings} under an Idempotency-Key
 * of its own, sent again under the same key after a 429, a 503 or a 409 "request in progress" (an earlier attempt
 * under the key, e.g. one that got no answer in time, is still being processed; the problem says to retry it for its
 * answer) with Retry-After honoured, 1 s when absent, at most {@value #ATTEMPTS} attempts, or after a request that
 * got no answer within 30 s. Every answer is counted.
 */
public final class Bookers {

	private static final int ATTEMPTS = 10;

	private static final Duration TIMEOUT = Duration.ofSeconds(30);

	private final HttpClient http;

	private final URI api;

	private final int inFlight;

	private final JsonMapper json = JsonMapper.builder().build();

	/**
	 * @param http the run's client
	 * @param api api-service's base URL
	 * @param inFlight bookings sent at once (and so connections)
	 */
	public Bookers(HttpClient http, URI api, int inFlight) {
		this.http = http;
		this.api = api;
		this.inFlight = inFlight;
	}

	/**
	 * @param users one booking each
	 * @param eventId an open event with a seat for every user
	 * @param answers where every answer is counted (retries too)
	 * @return the customers whose booking was accepted, in no particular order
	 * @throws StackException when interrupted
	 */
	public List<Customer> book(List<LoadUser> users, long eventId, Answers answers) {
		List<Customer> accepted = Collections.synchronizedList(new ArrayList<>());
		Semaphore slots = new Semaphore(this.inFlight);
		try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
			for (LoadUser user : users) {
				slots.acquire();
				threads.execute(() -> {
					try {
						String bookingId = bookOne(user, eventId, answers);
						if (bookingId != null) {
							accepted.add(new Customer(user.token(), bookingId));
						}
					}
					finally {
						slots.release();
					}
				});
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new StackException("Interrupted while booking", ex);
		}
		return List.copyOf(accepted);
	}

	private @Nullable String bookOne(LoadUser user, long eventId, Answers answers) {
		HttpRequest request = HttpRequest.newBuilder(this.api.resolve("/api/events/" + eventId + "/bookings"))
			.timeout(TIMEOUT)
			.header("Authorization", "Bearer " + user.token())
			.header("Content-Type", "application/json")
			.header("Accept", "application/json")
			.header("Idempotency-Key", UUID.randomUUID().toString())
			.POST(HttpRequest.BodyPublishers.ofString("{\"quantity\":1}"))
			.build();
		for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
			Duration wait = Duration.ofSeconds(1);
			try {
				HttpResponse<String> response = this.http.send(request, HttpResponse.BodyHandlers.ofString());
				answers.count(response.statusCode());
				if (response.statusCode() == 202) {
					return this.json.readTree(response.body()).path("bookingId").asString(null);
				}
				if (!retried(response.statusCode(), response.body())) {
					return null;
				}
				wait = retryAfter(response);
			}
			catch (IOException ex) {
				answers.count(Answers.NO_ANSWER);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return null;
			}
			try {
				Thread.sleep(wait);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return null;
			}
		}
		return null;
	}

	/**
	 * @param status the HTTP status of an answer that did not accept the booking
	 * @param body its body
	 * @return whether the client sends the booking again: a 429, a 503, or a 409 whose problem is
	 * {@link ProblemTypes#REQUEST_IN_PROGRESS}
	 */
	static boolean retried(int status, String body) {
		return status == 429 || status == 503
				|| (status == 409 && body.contains("\"" + ProblemTypes.REQUEST_IN_PROGRESS + "\""));
	}

	/**
	 * @param response a 429, 503 or 409 "request in progress"
	 * @return its Retry-After in seconds, between 1 and 5 s; 1 s when it has none
	 */
	static Duration retryAfter(HttpResponse<?> response) {
		return response.headers()
			.firstValue("Retry-After")
			.map((value) -> {
				try {
					return Duration.ofSeconds(Math.clamp(Long.parseLong(value.trim()), 1, 5));
				}
				catch (NumberFormatException ex) {
					return Duration.ofSeconds(1);
				}
			})
			.orElse(Duration.ofSeconds(1));
	}

}
