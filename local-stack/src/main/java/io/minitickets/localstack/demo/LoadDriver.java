package io.minitickets.localstack.demo;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import io.minitickets.localstack.stack.StackException;

/**
 * Fires the stampede: every request on its own virtual thread, all parked on one latch and released at once, each
 * user getting an even share of the requests.
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
	LoadResult fire(long eventId, List<DemoUser> users, int requests) {
		BookingAttempt[] attempts = new BookingAttempt[requests];
		CountDownLatch ready = new CountDownLatch(requests);
		CountDownLatch go = new CountDownLatch(1);
		long startedAt;
		ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
		try {
			for (int i = 0; i < requests; i++) {
				int index = i;
				DemoUser user = users.get(i % users.size());
				executor.submit(() -> {
					ready.countDown();
					go.await();
					attempts[index] = book(eventId, user);
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
		List<BookingAttempt> all = Arrays.asList(attempts);
		long finishedAt = all.stream().mapToLong(BookingAttempt::finishedAt).max().orElse(startedAt);
		return new LoadResult(all, startedAt, finishedAt);
	}

	private BookingAttempt book(long eventId, DemoUser user) throws InterruptedException {
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
