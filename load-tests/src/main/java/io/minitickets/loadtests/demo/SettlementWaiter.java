package io.minitickets.loadtests.demo;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.jspecify.annotations.Nullable;

import io.minitickets.loadtests.client.ApiClient;
import io.minitickets.localstack.stack.StackException;

/**
 * Polls every accepted booking's status, as its owner, until each is final or the time is up: a 202 is a promise
 * that the booking settles. Final: CONFIRMED, REJECTED, and the ends of a paid event's hold, EXPIRED, CANCELLED and
 * REFUNDED; PENDING and HELD move on by themselves (a HELD booking ends CONFIRMED when paid, else EXPIRED).
 */
final class SettlementWaiter {

	/** The statuses a booking ends in. */
	static final Set<String> FINAL = Set.of("CONFIRMED", "REJECTED", "EXPIRED", "CANCELLED", "REFUNDED");

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
		return new Settlement(count(settled, "CONFIRMED"), count(settled, "REJECTED"),
				pending.stream().map(BookingAttempt::bookingId).map(String::valueOf).toList(), lastSettledAt,
				settled.size() - count(settled, "CONFIRMED") - count(settled, "REJECTED"));
	}

	/**
	 * Polls one booking until its status is one of {@code awaited} or the time is up.
	 * @param token its owner's access token
	 * @param bookingId the booking
	 * @param awaited the statuses to wait for
	 * @param timeout the longest wait
	 * @return the last status seen (null when no poll was answered 200)
	 * @throws StackException when interrupted
	 */
	@Nullable String awaitStatus(String token, String bookingId, Set<String> awaited, Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		String status = null;
		while (System.nanoTime() - deadline < 0) {
			try {
				status = this.api.status(token, bookingId);
			}
			catch (IOException ex) {
				// not answered: the next poll asks again
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new StackException("Interrupted while waiting for booking " + bookingId, ex);
			}
			if (status != null && awaited.contains(status)) {
				return status;
			}
			pause();
		}
		return status;
	}

	private static int count(Map<String, String> settled, String status) {
		return (int) settled.values().stream().filter(status::equals).count();
	}

	private void pollOnce(List<BookingAttempt> pending, Map<String, String> settled) {
		// a poll that fails or is not answered 200 leaves the booking pending for the next round
		try (ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor()) {
			for (BookingAttempt attempt : pending) {
				String bookingId = String.valueOf(attempt.bookingId());
				executor.submit(() -> {
					String status = this.api.status(attempt.user().token(), bookingId);
					if (status != null && FINAL.contains(status)) {
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
