package io.minitickets.loadtests.bench.pushvspoll;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

import io.minitickets.loadtests.bench.sse.Answers;
import io.minitickets.loadtests.bench.sse.Customer;

/**
 * Customers polling their booking's status URL as PollStorm's do, once a second instead of every 100 ms: a
 * {@code GET /api/bookings/{id}} one second after the previous answer (after its Retry-After on a 429 or 503) until
 * the status is final. A poll unanswered within 10 s counts as no answer and the customer polls again; a customer
 * without a final status at the deadline is a miss. At most {@code inFlight} polls wait for an answer at once (the
 * connections of the load generator), a virtual thread per customer. Each customer's wait, from the start of the
 * round until the answer that showed it the final status, is kept ({@link #waitSeconds()}).
 */
final class Pollers {

	private static final Duration PERIOD = Duration.ofSeconds(1);

	private static final Duration TIMEOUT = Duration.ofSeconds(10);

	private static final List<String> FINAL = List.of("CONFIRMED", "REJECTED", "EXPIRED", "CANCELLED", "REFUNDED");

	private final JsonMapper json = JsonMapper.builder().build();

	private final HttpClient http;

	private final URI api;

	private final Semaphore inFlight;

	private final AtomicLong polls = new AtomicLong();

	private final List<Double> waits = new CopyOnWriteArrayList<>();

	/**
	 * @param http the run's client
	 * @param api api-service's base URL
	 * @param inFlight polls that may wait for an answer at once
	 */
	Pollers(HttpClient http, URI api, int inFlight) {
		this.http = http;
		this.api = api;
		this.inFlight = new Semaphore(inFlight);
	}

	/**
	 * Polls every customer's booking until final or until {@code deadline}.
	 * @param customers whose bookings to follow
	 * @param answers where every poll's answer is counted
	 * @param start {@link System#nanoTime()} at which the customers started waiting
	 * @param deadline {@link System#nanoTime()} after which no customer polls again
	 * @return customers who saw their booking's final status
	 */
	int follow(List<Customer> customers, Answers answers, long start, long deadline) {
		AtomicInteger finals = new AtomicInteger();
		try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
			customers.forEach((customer) -> threads.execute(() -> {
				if (followOne(customer, answers, deadline)) {
					this.waits.add((System.nanoTime() - start) / 1e9);
					finals.incrementAndGet();
				}
			}));
		}
		return finals.get();
	}

	/**
	 * @return polls sent
	 */
	long polls() {
		return this.polls.get();
	}

	/**
	 * @return each customer's wait that ended with its final status, from the start of the round until the answer
	 *     showing it, in seconds (customers without one are not in it)
	 */
	List<Double> waitSeconds() {
		return List.copyOf(this.waits);
	}

	private boolean followOne(Customer customer, Answers answers, long deadline) {
		HttpRequest request = HttpRequest.newBuilder(this.api.resolve("/api/bookings/" + customer.bookingId()))
			.timeout(TIMEOUT)
			.header("Authorization", "Bearer " + customer.token())
			.header("Accept", "application/json")
			.GET()
			.build();
		try {
			while (System.nanoTime() - deadline < 0) {
				Duration wait = PERIOD;
				this.inFlight.acquire();
				try {
					this.polls.incrementAndGet();
					HttpResponse<String> response = this.http.send(request, HttpResponse.BodyHandlers.ofString());
					answers.count(response.statusCode());
					if (response.statusCode() == 200 && FINAL.contains(status(response.body()))) {
						return true;
					}
					if (response.statusCode() == 429 || response.statusCode() == 503) {
						wait = retryAfter(response);
					}
				}
				catch (IOException ex) {
					answers.count(Answers.NO_ANSWER);
				}
				finally {
					this.inFlight.release();
				}
				Thread.sleep(wait);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		return false;
	}

	private String status(String body) {
		try {
			return this.json.readTree(body).path("status").asString("");
		}
		catch (JacksonException ex) {
			return "";
		}
	}

	private static Duration retryAfter(HttpResponse<?> response) {
		return response.headers().firstValue("Retry-After").map((value) -> {
			try {
				return Duration.ofSeconds(Math.clamp(Long.parseLong(value.trim()), 1, 5));
			}
			catch (NumberFormatException ex) {
				return PERIOD;
			}
		}).orElse(PERIOD);
	}

}
