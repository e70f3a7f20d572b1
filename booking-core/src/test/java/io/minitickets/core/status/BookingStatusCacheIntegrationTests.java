package io.minitickets.core.status;

import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

import io.minitickets.core.messaging.BookingStatus;
import io.minitickets.core.messaging.RejectionReason;
import io.minitickets.core.testing.TestValkey;
import io.minitickets.core.valkey.ValkeyConnection;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class BookingStatusCacheIntegrationTests {

	private static TestValkey valkey;

	private static ValkeyConnection connection;

	private static BookingStatusCache cache;

	@BeforeAll
	static void connect() {
		valkey = new TestValkey();
		connection = valkey.connect("status");
		cache = new BookingStatusCache(connection, valkey.keys(), Duration.ofMinutes(5));
	}

	@AfterAll
	static void close() {
		connection.close();
		valkey.close();
	}

	@Test
	void statusOnlyMovesForward() {
		UUID id = UUID.randomUUID();

		assertThat(cache.put(booking(id, BookingStatus.PENDING, null))).isTrue();
		assertThat(cache.put(booking(id, BookingStatus.REJECTED, RejectionReason.SOLD_OUT))).isTrue();
		assertThat(cache.put(booking(id, BookingStatus.PENDING, null))).isFalse();
		assertThat(cache.put(booking(id, BookingStatus.CONFIRMED, null))).isFalse();

		assertThat(cache.get(id)).hasValue(booking(id, BookingStatus.REJECTED, RejectionReason.SOLD_OUT));
	}

	@Test
	void aHoldMovesOnlyForwardAlongTheLifecycleAndKeepsItsTerms() {
		UUID id = UUID.randomUUID();
		CachedBooking.Hold hold = new CachedBooking.Hold(Instant.parse("2026-12-03T10:00:00Z"), 5_000, "EUR");

		assertThat(cache.put(booking(id, BookingStatus.PENDING, null))).isTrue();
		assertThat(cache.put(held(id, BookingStatus.HELD, hold))).isTrue();
		assertThat(cache.put(booking(id, BookingStatus.PENDING, null))).as("PENDING over HELD").isFalse();
		assertThat(cache.put(held(id, BookingStatus.EXPIRED, hold))).isTrue();
		assertThat(cache.put(held(id, BookingStatus.HELD, hold))).as("HELD over EXPIRED").isFalse();
		assertThat(cache.put(held(id, BookingStatus.CONFIRMED, hold))).as("a late payment over EXPIRED").isTrue();
		assertThat(cache.put(held(id, BookingStatus.EXPIRED, hold))).as("EXPIRED over CONFIRMED").isFalse();
		assertThat(cache.put(held(id, BookingStatus.CANCELLED, hold))).isTrue();
		assertThat(cache.put(held(id, BookingStatus.CONFIRMED, hold))).as("CONFIRMED over CANCELLED").isFalse();

		assertThat(cache.get(id)).hasValue(held(id, BookingStatus.CANCELLED, hold));
	}

	@Test
	void aPendingBookingKeepsThePlaceOfItsRecordAndAFinalStatusTakesNone() throws Exception {
		UUID pending = UUID.randomUUID();
		UUID settled = UUID.randomUUID();
		UUID unknown = UUID.randomUUID();
		cache.put(booking(pending, BookingStatus.PENDING, null));
		cache.put(booking(settled, BookingStatus.PENDING, null));
		cache.put(booking(settled, BookingStatus.CONFIRMED, null));

		assertThat(cache.recordPlaceAsync(pending, new QueuePlace(2, 41)).toCompletableFuture().get()).isEqualTo(1L);
		assertThat(cache.recordPlaceAsync(settled, new QueuePlace(2, 42)).toCompletableFuture().get()).isEqualTo(0L);
		assertThat(cache.recordPlaceAsync(unknown, new QueuePlace(2, 43)).toCompletableFuture().get()).isEqualTo(0L);

		assertThat(cache.get(pending).orElseThrow().place()).isEqualTo(new QueuePlace(2, 41));
		assertThat(cache.get(settled).orElseThrow().place()).isNull();
		assertThat(cache.get(unknown)).as("no entry without a TTL is created").isEmpty();
		assertThat(connection.sync().exists(valkey.keys().bookingStatus(unknown))).isZero();
	}

	@Test
	void theRankOfEveryStatusIsTheScriptsOrder() {
		// put-status.lua holds the same ranks in Lua: writing every pair proves the two agree
		for (BookingStatus first : BookingStatus.values()) {
			for (BookingStatus second : BookingStatus.values()) {
				UUID id = UUID.randomUUID();
				cache.put(booking(id, first, null));

				assertThat(cache.put(booking(id, second, null))).as(first + " then " + second)
					.isEqualTo(second.rank() > first.rank());
			}
		}
	}

	@Test
	void keepsAStatusALaterVersionWroteThatItDoesNotKnow() {
		UUID id = UUID.randomUUID();
		connection.sync().hset(valkey.keys().bookingStatus(id), "status", "PAYMENT_DISPUTED");

		assertThat(cache.put(booking(id, BookingStatus.CONFIRMED, null))).isFalse();
		assertThat(connection.sync().hget(valkey.keys().bookingStatus(id), "status")).isEqualTo("PAYMENT_DISPUTED");
	}

	@Test
	void aLateOutcomeStillWinsOverPending() {
		UUID id = UUID.randomUUID();
		cache.put(booking(id, BookingStatus.CONFIRMED, null));

		assertThat(cache.put(booking(id, BookingStatus.PENDING, null))).isFalse();
		assertThat(cache.get(id)).map(CachedBooking::status).hasValue(BookingStatus.CONFIRMED);
		assertThat(connection.sync().pttl(valkey.keys().bookingStatus(id))).isPositive();
	}

	@Test
	void removesAPendingEntryButNeverAnOutcome() {
		UUID notSent = UUID.randomUUID();
		UUID settledMeanwhile = UUID.randomUUID();
		cache.put(booking(notSent, BookingStatus.PENDING, null));
		cache.put(booking(settledMeanwhile, BookingStatus.CONFIRMED, null));

		assertThat(cache.removePending(notSent)).isTrue();
		assertThat(cache.removePending(settledMeanwhile)).isFalse();
		assertThat(cache.removePending(UUID.randomUUID())).isFalse();

		assertThat(cache.get(notSent)).isEmpty();
		assertThat(cache.get(settledMeanwhile)).map(CachedBooking::status).hasValue(BookingStatus.CONFIRMED);
	}

	@Test
	void knowsNothingOfAnUnknownBooking() {
		assertThat(cache.get(UUID.randomUUID())).isEmpty();
	}

	private static CachedBooking booking(UUID id, BookingStatus status, RejectionReason reason) {
		return new CachedBooking(id, 7, 11, 2, status, reason, null);
	}

	private static CachedBooking held(UUID id, BookingStatus status, CachedBooking.Hold hold) {
		return new CachedBooking(id, 7, 11, 2, status, null, hold);
	}

}
