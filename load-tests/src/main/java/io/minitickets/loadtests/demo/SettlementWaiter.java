package io.minitickets.loadtests.demo;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import io.minitickets.loadtests.client.ApiClient;
import io.minitickets.localstack.stack.StackException;

/**
 * Polls every accepted booking's status, as its owner, until each is CONFIRMED or REJECTED or the time is up: a 202
 * is a promise that the booking settles.
 */
final class SettlementWaiter {

	private static final Duration POLL_INTERVAL = Duration.ofMillis(50);

	private final ApiClient api;

	/**
	 * @param api the api-service that accepted the bookings
	 */
	SettlementWaiter(ApiClient api) {
		this.api = api;
	}

	/**
	 * Polls all pending bookings concurrently, round after round, until none is pending.
	 * @param accepted the requests answered 202
	 * @param timeout how long the bookings may take to settle
	 * @return how they settled, and which did not in time
	 * @throws StackException when interrupted
	 */
	Settlement await(List<BookingAttempt> accepted, Duration timeout) {
		Map<String, String> settled = new ConcurrentHashMap<>();
		List<BookingAttempt> pending = new ArrayList<>(accepted);
		long deadline = System.nanoTime() + timeout.toNanos();
		long lastSettledAt = 0;
		while (!pending.isEmpty() && System.nanoTime() - deadline < 0) {
			pollOnce(pending, settled);
			if (pending.removeIf((attempt) -> settled.containsKey(attempt.bookingId()))) {
				lastSettledAt = System.nanoTime();
			}
			if (!pending.isEmpty()) {
				pause();
			}
		}
		long confirmed = settled.values().stream().filter("CONFIRMED"::equals).count();
		return new Settlement((int) confirmed, settled.size() - (int) confirmed,
				pending.stream().map(BookingAttempt::bookingId).map(String::valueOf).toList(), lastSettledAt);
	}

	private void pollOnce(List<BookingAttempt> pending, Map<String, String> settled) {
		// a poll that fails or is not answered 200 leaves the booking pending for the next round
		try (ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor()) {
			for (BookingAttempt attempt : pending) {
				String bookingId = String.valueOf(attempt.bookingId());
				executor.submit(() -> {
					String status = this.api.status(attempt.user().token(), bookingId);
					if ("CONFIRMED".equals(status) || "REJECTED".equals(status)) {
						settled.put(bookingId, status);
					}
					return null;
				});
			}
		}
	}

	private static void pause() {
		try {
			Thread.sleep(POLL_INTERVAL);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new StackException("Interrupted while waiting for the bookings to settle", ex);
		}
	}

}
