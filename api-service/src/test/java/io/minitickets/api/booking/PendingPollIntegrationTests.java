package io.minitickets.api.booking;

import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

import io.minitickets.api.ApiIntegrationTest;
import io.minitickets.api.problem.ApiException;
import io.minitickets.api.queue.QueuePositions;
import io.minitickets.core.messaging.BookingStatus;
import io.minitickets.core.status.BookingStatusCache;
import io.minitickets.core.status.CachedBooking;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpStatus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * Issue 8: polls of a PENDING booking are answered from the Valkey status cache; Postgres is asked for an outcome the
 * worker could not write to the cache at most once per recheck interval, not on every poll.
 */
class PendingPollIntegrationTests extends ApiIntegrationTest {

	private static final Duration RECHECK = Duration.ofSeconds(1);

	@Autowired
	private BookingStatusCache cache;

	@Autowired
	private BookingQueries queries;

	@Autowired
	private BookingPayments payments;

	@Autowired
	private QueuePositions positions;

	private final AtomicLong nanos = new AtomicLong();

	@Test
	void aPendingBookingIsCheckedAgainstPostgresAtMostOncePerInterval() {
		BookingStatusReader reader = new BookingStatusReader(this.cache, this.queries, this.payments, this.positions,
				RECHECK, this.nanos::get);
		long userId = 4_242_000_000L + (System.nanoTime() % 1_000_000);
		UUID bookingId = UUID.randomUUID();
		this.cache.put(new CachedBooking(bookingId, 1, userId, 2, BookingStatus.PENDING, null, null));

		assertThat(reader.read(bookingId, userId).status()).isEqualTo(BookingStatus.PENDING);
		// the worker committed the outcome but could not write it to the status cache
		this.jdbc.sql("insert into bookings (id, event_id, user_id, quantity, status, gated, requested_at)"
				+ " values (?, 1, ?, 2, 'CONFIRMED', true, ?)")
			.params(bookingId, userId, Timestamp.from(Instant.now()))
			.update();

		assertThat(reader.read(bookingId, userId).status()).as("answered from the cache within the interval")
			.isEqualTo(BookingStatus.PENDING);
		this.nanos.addAndGet(RECHECK.toNanos() + 1);
		assertThat(reader.read(bookingId, userId).status()).as("Postgres asked again after the interval")
			.isEqualTo(BookingStatus.CONFIRMED);
	}

	@Test
	void aHeldBookingIsCheckedAgainstPostgresSoAnExpiryTheCacheMissedIsSeen() {
		BookingStatusReader reader = new BookingStatusReader(this.cache, this.queries, this.payments, this.positions,
				RECHECK, this.nanos::get);
		long userId = 4_244_000_000L + (System.nanoTime() % 1_000_000);
		UUID bookingId = UUID.randomUUID();
		Instant expiresAt = Instant.parse("2026-12-03T10:00:00Z");
		this.cache.put(new CachedBooking(bookingId, 1, userId, 2, BookingStatus.HELD, null,
				new CachedBooking.Hold(expiresAt, 5_000, "EUR")));
		// the expirer committed EXPIRED but could not write it to the status cache
		this.jdbc.sql("insert into bookings (id, event_id, user_id, quantity, status, gated, requested_at,"
				+ " hold_expires_at, amount, currency, ended_at) values (?, 1, ?, 2, 'EXPIRED', true, ?, ?, 5000, 'EUR',"
				+ " now())")
			.params(bookingId, userId, Timestamp.from(Instant.now()), Timestamp.from(expiresAt))
			.update();

		BookingView view = reader.read(bookingId, userId);

		assertThat(view).isEqualTo(new BookingView(bookingId, 1, 2, BookingStatus.EXPIRED, null, expiresAt, 5_000L,
				"EUR", new PaymentView(PaymentView.State.NONE, 5_000, "EUR"), null));
		assertThat(reader.read(bookingId, userId).status()).as("Postgres was ahead: asked again, not the cache")
			.isEqualTo(BookingStatus.EXPIRED);
	}

	@Test
	void anotherUsersPendingBookingStaysHiddenWhileItIsAnsweredFromTheCache() {
		BookingStatusReader reader = new BookingStatusReader(this.cache, this.queries, this.payments, this.positions,
				RECHECK, this.nanos::get);
		long userId = 4_243_000_000L + (System.nanoTime() % 1_000_000);
		UUID bookingId = UUID.randomUUID();
		this.cache.put(new CachedBooking(bookingId, 1, userId, 1, BookingStatus.PENDING, null, null));
		assertThat(reader.read(bookingId, userId).status()).isEqualTo(BookingStatus.PENDING);

		ApiException other = catchThrowableOfType(ApiException.class, () -> reader.read(bookingId, userId + 1));

		assertThat(other.getStatus()).isEqualTo(HttpStatus.NOT_FOUND);
	}

}
