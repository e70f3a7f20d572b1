package io.minitickets.loadtests.chaos;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;

import io.minitickets.loadtests.client.ApiClient;
import io.minitickets.loadtests.client.ApiResponse;
import io.minitickets.localstack.chaos.FaultKind;
import io.minitickets.localstack.stack.StackException;

/**
 * The sale load of one round: a fixed number of virtual-thread clients, each booking 1 or 2 seats of a random event
 * as a random user, pausing 50–150 ms between requests, until stopped. Every loop is bounded: at most 2,000
 * requests a client and 5 minutes a round; each request times out after 30 s.
 */
final class SaleLoad implements RoundLoad {

	private static final int MAX_REQUESTS_PER_CLIENT = 2_000;

	private static final Duration MAX_ROUND = Duration.ofMinutes(5);

	private static final Duration STOP_WAIT = Duration.ofSeconds(45);

	private final ApiClient api;

	private final List<String> tokens;

	private final int clients;

	/**
	 * @param api api-service (its URL stays the same across restarts)
	 * @param tokens Bearer tokens of the users who book
	 * @param clients how many clients send concurrently
	 */
	SaleLoad(ApiClient api, List<String> tokens, int clients) {
		this.api = api;
		this.tokens = List.copyOf(tokens);
		this.clients = clients;
	}

	/**
	 * Starts the clients.
	 * @param fault the phase the answers are recorded under
	 * @param events the events on sale this round
	 * @param seed seeds each client's choices of user, event and quantity
	 * @return the running load, to stop
	 */
	@Override
	public Running start(FaultKind fault, List<Long> events, long seed) {
		Running running = new Running();
		for (int i = 0; i < this.clients; i++) {
			Random random = new Random(seed * 31 + i);
			running.threads.add(Thread.ofVirtual()
				.name("chaos-load-" + i)
				.start(() -> client(fault, events, random, running)));
		}
		return running;
	}

	private void client(FaultKind fault, List<Long> events, Random random, Running running) {
		long deadline = System.nanoTime() + MAX_ROUND.toNanos();
		for (int sent = 0; sent < MAX_REQUESTS_PER_CLIENT && !running.stopped.get()
				&& System.nanoTime() - deadline < 0; sent++) {
			long eventId = events.get(random.nextInt(events.size()));
			int quantity = 1 + random.nextInt(2);
			String token = this.tokens.get(random.nextInt(this.tokens.size()));
			running.answers.add(book(fault, token, eventId, quantity));
			try {
				Thread.sleep(50 + random.nextInt(100));
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return;
			}
		}
	}

	private Answer book(FaultKind fault, String token, long eventId, int quantity) {
		try {
			ApiResponse response = this.api.book(token, eventId, quantity);
			String bookingId = (response.status() == 202) ? this.api.bookingId(response.body()) : null;
			return new Answer(fault, eventId, quantity, response.status(), bookingId);
		}
		catch (IOException ex) {
			return new Answer(fault, eventId, quantity, 0, null);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return new Answer(fault, eventId, quantity, 0, null);
		}
	}

	/**
	 * A round's running clients.
	 */
	static final class Running implements Round {

		private final AtomicBoolean stopped = new AtomicBoolean();

		private final Queue<Answer> answers = new ConcurrentLinkedQueue<>();

		private final List<Thread> threads = new ArrayList<>();

		/**
		 * Stops the clients and waits for their last answers (at most 45 s; a request times out after 30 s).
		 * @return every answer of the round
		 * @throws StackException when a client does not stop in time
		 */
		@Override
		public List<Answer> stop() {
			this.stopped.set(true);
			long deadline = System.nanoTime() + STOP_WAIT.toNanos();
			for (Thread thread : this.threads) {
				try {
					if (!thread.join(Duration.ofNanos(Math.max(1, deadline - System.nanoTime())))) {
						throw new StackException("A load client did not stop within " + STOP_WAIT.toSeconds() + " s");
					}
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
					throw new StackException("Interrupted while stopping the load", ex);
				}
			}
			return List.copyOf(this.answers);
		}

	}

}
