package io.minitickets.api.booking;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.minitickets.api.problem.ApiException;
import io.minitickets.api.problem.Problems;
import io.minitickets.api.settlement.SettledChange;
import io.minitickets.api.settlement.SettlementFeed;
import io.minitickets.api.settlement.SettlementWaiters;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Component;
import org.springframework.web.context.request.async.DeferredResult;

/**
 * Status requests waiting for their booking to change ({@code Prefer: wait=N}), answered when {@link SettlementFeed}
 * announces a change of the booking, or with its status unchanged after N seconds (timed here: the container checks
 * its async timeouts only once a second). Waiting requests hold no thread (servlet async); at most {@link
 * BookingWaitProperties#max()} wait at once on this instance, counted in the gauge {@code minitickets.booking.waits},
 * and at most {@link BookingWaitProperties#perUser()} of one user: a further wait of that user answers their oldest at
 * once. The container does not tell a waiting request that its client went away, so without that bound the waits of a
 * client that dropped them and asked again would hold their places until their N seconds passed.
 */
@Component
class BookingWaits implements DisposableBean {

	/** How long past its N seconds the container's own timeout would end a wait the deadline task did not, ms. */
	private static final long CONTAINER_SLACK_MS = 2_000;

	private final BookingStatusReader statuses;

	private final BookingWaitProperties properties;

	private final Map<UUID, Set<Waiter>> waiting = new ConcurrentHashMap<>();

	/** Each user's waits, oldest first. */
	private final Map<Long, Deque<Waiter>> byUser = new ConcurrentHashMap<>();

	private final AtomicInteger count = new AtomicInteger();

	/** Ends each wait at its N seconds. */
	private final ScheduledExecutorService deadlines = Executors.newSingleThreadScheduledExecutor(
			Thread.ofPlatform().name("booking-wait-deadlines").daemon().factory());

	/** Answers announced changes off the feed's thread: each answer reads Valkey, and Postgres when it lags. */
	private final ExecutorService answers = Executors.newVirtualThreadPerTaskExecutor();

	BookingWaits(BookingStatusReader statuses, BookingWaitProperties properties, SettlementFeed feed,
			MeterRegistry registry) {
		this.statuses = statuses;
		this.properties = properties;
		Gauge.builder("minitickets.booking.waits", this.count, AtomicInteger::get)
			.description("Status requests waiting for their booking to change (Prefer: wait)")
			.register(registry);
		feed.subscribe(new SettlementWaiters() {

			@Override
			public boolean waitsFor(UUID bookingId) {
				return BookingWaits.this.waiting.containsKey(bookingId);
			}

			@Override
			public void changed(SettledChange change) {
				BookingWaits.this.changed(change);
			}

		});
	}

	/**
	 * Waits for a booking to move from the status its owner has seen.
	 * @param seen the booking as just read for its owner
	 * @param userId the owner
	 * @param seconds how long to wait at most, already capped
	 * @return the answer: the booking once its status moved past {@code seen}'s, or as it is after {@code seconds}
	 * @throws ApiException 503 when {@link BookingWaitProperties#max()} requests wait already
	 */
	DeferredResult<ResponseEntity<BookingView>> await(BookingView seen, long userId, int seconds) {
		if (this.count.incrementAndGet() > this.properties.max()) {
			this.count.decrementAndGet();
			throw Problems.unavailable("Too many requests wait for a booking on this instance; poll again shortly.",
					this.properties.retryAfter().toSeconds());
		}
		// the container's timeout, checked once a second, only backs up the deadline scheduled below
		Waiter waiter = new Waiter(seen, userId, seconds, new DeferredResult<>(seconds * 1000L + CONTAINER_SLACK_MS));
		waiter.result().onCompletion(() -> remove(waiter));
		waiter.result().onTimeout(() -> answer(waiter, false));
		this.waiting.compute(seen.bookingId(), (id, waiters) -> {
			Set<Waiter> added = (waiters != null) ? waiters : ConcurrentHashMap.newKeySet();
			added.add(waiter);
			return added;
		});
		Waiter[] superseded = new Waiter[1];
		this.byUser.compute(userId, (id, waiters) -> {
			Deque<Waiter> added = (waiters != null) ? waiters : new ArrayDeque<>();
			added.addLast(waiter);
			if (added.size() > this.properties.perUser()) {
				superseded[0] = added.pollFirst();
			}
			return added;
		});
		if (superseded[0] != null) {
			Waiter oldest = superseded[0];
			this.answers.execute(() -> answer(oldest, false));
		}
		waiter.deadline = this.deadlines.schedule(() -> this.answers.execute(() -> answer(waiter, false)), seconds,
				TimeUnit.SECONDS);
		// a change announced between the caller's read and the line above would otherwise be missed until the timeout
		try {
			answerIfMoved(waiter, this.statuses.read(seen.bookingId(), userId));
		}
		catch (ApiException ex) {
			remove(waiter);
			throw ex;
		}
		return waiter.result();
	}

	private void changed(SettledChange change) {
		Set<Waiter> waiters = this.waiting.get(change.bookingId());
		if (waiters == null) {
			return;
		}
		for (Waiter waiter : waiters) {
			if (change.status().rank() > waiter.seen().status().rank()) {
				this.answers.execute(() -> answer(waiter, true));
			}
		}
	}

	private void answerIfMoved(Waiter waiter, BookingView now) {
		if (now.status().rank() > waiter.seen().status().rank()) {
			waiter.result().setResult(BookingController.waited(now, waiter.seconds()));
		}
	}

	/**
	 * @param onlyIfMoved true to answer only when the status moved past the one seen (then Postgres is asked when the
	 * cache has not caught up); false to answer as it is (the wait is over)
	 */
	private void answer(Waiter waiter, boolean onlyIfMoved) {
		UUID bookingId = waiter.seen().bookingId();
		try {
			if (onlyIfMoved) {
				answerIfMoved(waiter, this.statuses.readChanged(bookingId, waiter.userId()));
			}
			else {
				waiter.result()
					.setResult(BookingController.waited(this.statuses.read(bookingId, waiter.userId()),
							waiter.seconds()));
			}
		}
		catch (ApiException ex) {
			if (!onlyIfMoved) {
				waiter.result().setErrorResult(ex);
			}
		}
	}

	private void remove(Waiter waiter) {
		this.waiting.computeIfPresent(waiter.seen().bookingId(), (id, waiters) -> {
			waiters.remove(waiter);
			return waiters.isEmpty() ? null : waiters;
		});
		this.byUser.computeIfPresent(waiter.userId(), (id, waiters) -> {
			waiters.remove(waiter);
			return waiters.isEmpty() ? null : waiters;
		});
		ScheduledFuture<?> deadline = waiter.deadline;
		if (deadline != null) {
			deadline.cancel(false);
		}
		this.count.decrementAndGet();
	}

	@Override
	public void destroy() {
		this.deadlines.shutdownNow();
		this.answers.shutdownNow();
	}

	/** One waiting request; equal only to itself. */
	private static final class Waiter {

		private final BookingView seen;

		private final long userId;

		private final int seconds;

		private final DeferredResult<ResponseEntity<BookingView>> result;

		/** The task that ends the wait at its N seconds, cancelled when it ends earlier. */
		private volatile @Nullable ScheduledFuture<?> deadline;

		Waiter(BookingView seen, long userId, int seconds, DeferredResult<ResponseEntity<BookingView>> result) {
			this.seen = seen;
			this.userId = userId;
			this.seconds = seconds;
			this.result = result;
		}

		BookingView seen() {
			return this.seen;
		}

		long userId() {
			return this.userId;
		}

		int seconds() {
			return this.seconds;
		}

		DeferredResult<ResponseEntity<BookingView>> result() {
			return this.result;
		}

	}

}
