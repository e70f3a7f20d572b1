package io.minitickets.loadtests.demo;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import io.minitickets.loadtests.client.ApiClient;
import io.minitickets.loadtests.client.ApiResponse;
import io.minitickets.loadtests.client.LoadUser;
import io.minitickets.localstack.stack.StackException;

/**
 * Fires the stampede: every request on its own virtual thread, all parked on one latch and released at once, each
 * user getting an even share of the requests.
 * <p>
 * The measured burst is preceded by an unmeasured one of as many concurrent {@code GET /api/events/{id}}: it opens
 * the client's keep-alive connections and warms both JVMs' code paths, so the figures are the pipeline's latency, not
 * 128 TCP handshakes and a cold JIT (measured on this machine: p50 ~1.1 s cold, ~25–60 ms warm for the same burst).
 */
final class LoadDriver {

	private static final long READY_TIMEOUT_SECONDS = 30;

	private final ApiClient api;

	/**
	 * @param api the api-service under load
	 */
	LoadDriver(ApiClient api) {
		this.api = api;
	}

	/**
	 * Sends {@code requests} concurrent 1-seat booking requests and waits for all answers (each request times out
	 * after 30 s).
	 * @param eventId the event on sale
	 * @param users who book; request {@code i} is made by user {@code i % users.size()}
	 * @param requests how many requests
	 * @return every answer with its latency
	 * @throws StackException when the threads are not ready within 30 s or the wait is interrupted
	 */
	LoadResult fire(long eventId, List<LoadUser> users, int requests) {
		BookingAttempt[] attempts = new BookingAttempt[requests];
		concurrently(requests, (index) -> this.api.event(eventId));
		long startedAt = concurrently(requests,
				(index) -> attempts[index] = book(eventId, users.get(index % users.size())));
		List<BookingAttempt> all = Arrays.asList(attempts);
		long finishedAt = all.stream().mapToLong(BookingAttempt::finishedAt).max().orElse(startedAt);
		return new LoadResult(all, startedAt, finishedAt);
	}

	/**
	 * Runs {@code count} calls on virtual threads released together, and waits for all of them.
	 * @return when they were released ({@link System#nanoTime()})
	 */
	private static long concurrently(int count, Call call) {
		CountDownLatch ready = new CountDownLatch(count);
		CountDownLatch go = new CountDownLatch(1);
		long startedAt;
		ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
		try {
			for (int i = 0; i < count; i++) {
				int index = i;
				executor.submit(() -> {
					ready.countDown();
					go.await();
					call.run(index);
					return null;
				});
			}
			if (!ready.await(READY_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
				executor.shutdownNow();
				throw new StackException("The load threads were not ready within " + READY_TIMEOUT_SECONDS + " s");
			}
			startedAt = System.nanoTime();
			go.countDown();
		}
		catch (InterruptedException ex) {
			executor.shutdownNow();
			Thread.currentThread().interrupt();
			throw new StackException("Interrupted while firing the booking requests", ex);
		}
		finally {
			executor.close();
		}
		return startedAt;
	}

	/**
	 * One call of a burst.
	 */
	@FunctionalInterface
	private interface Call {

		void run(int index) throws IOException, InterruptedException;

	}

	private BookingAttempt book(long eventId, LoadUser user) throws InterruptedException {
		long sent = System.nanoTime();
		try {
			ApiResponse response = this.api.book(user.token(), eventId, 1);
			long answered = System.nanoTime();
			String bookingId = (response.status() == 202) ? this.api.bookingId(response.body()) : null;
			boolean expected = (response.status() == 202) ? bookingId != null
					: response.status() == 409 || response.status() == 429;
			String error = expected ? null : response.status() + " " + response.body();
			return new BookingAttempt(user, response.status(), bookingId, answered - sent, answered, error);
		}
		catch (IOException ex) {
			long failed = System.nanoTime();
			return new BookingAttempt(user, 0, null, failed - sent, failed, ex.toString());
		}
	}

}
