package io.minitickets.api.event;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataAccessResourceFailureException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * The event cache serves the hot path without waiting for Postgres once an event is loaded, and never serves an entry
 * older than twice its TTL.
 */
class EventCacheTests {

	private static final Duration TTL = Duration.ofSeconds(2);

	private final AtomicLong nanos = new AtomicLong();

	private final AtomicReference<Optional<Event>> stored = new AtomicReference<>(Optional.of(event(10)));

	private final AtomicInteger reads = new AtomicInteger();

	private volatile CountDownLatch readGate = new CountDownLatch(0);

	private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();

	private final EventCache cache = new EventCache(this::read, TTL, 100, this.nanos::get, this.executor);

	@AfterEach
	void stopExecutor() {
		this.readGate.countDown();
		this.executor.shutdownNow();
	}

	@Test
	void readsPostgresOncePerTtl() {
		for (int i = 0; i < 5; i++) {
			assertThat(this.cache.find(7)).contains(event(10));
		}

		assertThat(this.reads).hasValue(1);
	}

	@Test
	void aStaleEntryIsServedAtOnceWhileItReloadsInTheBackground() throws InterruptedException {
		this.cache.find(7);
		this.stored.set(Optional.of(event(9)));
		this.readGate = new CountDownLatch(1);
		advance(TTL.plusMillis(1));

		// Postgres does not answer yet: the reader is not held up by it.
		assertThat(this.cache.find(7)).contains(event(10));

		this.readGate.countDown();
		await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(this.cache.find(7)).contains(event(9)));
		assertThat(this.reads).hasValue(2);
	}

	@Test
	void neverServesAnEntryOlderThanTwiceTheTtl() {
		this.cache.find(7);
		this.stored.set(Optional.of(event(3)));

		advance(TTL.multipliedBy(2).plusMillis(1));

		assertThat(this.cache.find(7)).contains(event(3));
	}

	@Test
	void anUnknownEventIsLookedUpAgainSoANewOneIsFoundAtOnce() {
		this.stored.set(Optional.empty());
		assertThat(this.cache.find(7)).isEmpty();

		this.stored.set(Optional.of(event(10)));

		assertThat(this.cache.find(7)).contains(event(10));
	}

	@Test
	void aFailedFirstReadIsThrownAsItsOwnExceptionAndNotCached() {
		this.stored.set(null);
		assertThatExceptionOfType(DataAccessResourceFailureException.class).isThrownBy(() -> this.cache.find(7));

		this.stored.set(Optional.of(event(10)));

		// The failed read leaves the cache as soon as it completes; a reader racing that removal may still share it.
		await().atMost(Duration.ofSeconds(30))
			.ignoreExceptionsInstanceOf(DataAccessResourceFailureException.class)
			.untilAsserted(() -> assertThat(this.cache.find(7)).contains(event(10)));
	}

	private Optional<Event> read(long id) {
		this.reads.incrementAndGet();
		try {
			if (!this.readGate.await(30, TimeUnit.SECONDS)) {
				throw new IllegalStateException("the test never let Postgres answer");
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
		Optional<Event> event = this.stored.get();
		if (event == null) {
			throw new DataAccessResourceFailureException("Postgres is down");
		}
		return event;
	}

	private void advance(Duration duration) {
		this.nanos.addAndGet(duration.toNanos());
	}

	private static Event event(int seatsLeft) {
		return new Event(7, "Launch night", 10, 10 - seatsLeft, Instant.parse("2026-01-01T00:00:00Z"), 4, null, 0, null,
				600, 1_800, null, null);
	}

}
