package io.minitickets.api.booking;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Ticker;
import io.minitickets.api.problem.ApiException;
import io.minitickets.api.problem.Problems;
import io.minitickets.api.queue.QueuePositions;
import io.minitickets.core.messaging.BookingStatus;
import io.minitickets.core.status.BookingStatusCache;
import io.minitickets.core.status.CachedBooking;
import io.minitickets.core.status.QueuePlace;
import io.minitickets.core.valkey.ValkeyUnavailableException;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * Answers status polls: the Valkey status cache first, then Postgres. Only the owner sees a booking; for anyone else
 * it does not exist. Status only moves forward: a PENDING or HELD cache entry (one the pipeline moves on by itself:
 * the worker settles it, the expirer ends it) is checked against Postgres, which may already hold the next status when
 * the post-commit write to the cache was lost, but at most once per booking per
 * {@link BookingProperties#pendingRecheck()} on this instance: clients polling such a booking are answered from
 * Valkey in between, so a poll storm does not become one Postgres query per poll. A PENDING booking whose record's
 * place is known carries its queue position ({@link QueuePositions}, in memory).
 */
@Component
class BookingStatusReader {

	private static final long UNKNOWN_RETRY_AFTER_SECONDS = 1;

	/** The most bookings remembered as checked (~100 bytes each); beyond it the oldest are checked again. */
	private static final long RECENTLY_CHECKED_SIZE = 200_000;

	private final BookingStatusCache cache;

	private final BookingQueries queries;

	private final BookingPayments payments;

	private final QueuePositions positions;

	/**
	 * PENDING or HELD bookings that Postgres did not know, or knew with the cached status, at the last check, until
	 * the next check is due.
	 */
	private final Cache<UUID, Boolean> recentlyChecked;

	@Autowired
	BookingStatusReader(BookingStatusCache cache, BookingQueries queries, BookingPayments payments,
			QueuePositions positions, BookingProperties properties) {
		this(cache, queries, payments, positions, properties.pendingRecheck(), Ticker.systemTicker());
	}

	/**
	 * @param cache the status cache
	 * @param queries settled bookings in Postgres
	 * @param payments the payment state of paid bookings in Postgres
	 * @param positions the queue positions of PENDING bookings
	 * @param pendingRecheck how long a PENDING or HELD booking that Postgres was not ahead of is answered from the
	 * cache alone
	 * @param ticker the time source of that wait
	 */
	BookingStatusReader(BookingStatusCache cache, BookingQueries queries, BookingPayments payments,
			QueuePositions positions, Duration pendingRecheck, Ticker ticker) {
		this.cache = cache;
		this.queries = queries;
		this.payments = payments;
		this.positions = positions;
		this.recentlyChecked = Caffeine.newBuilder()
			.expireAfterWrite(pendingRecheck)
			.maximumSize(RECENTLY_CHECKED_SIZE)
			.ticker(ticker)
			.build();
	}

	/**
	 * @param bookingId the booking
	 * @param userId the caller
	 * @return the booking, and for a paid event's booking its payment ({@link BookingPayments})
	 * @throws ApiException 404 when it is not the caller's or does not exist; 503 when neither the cache nor Postgres
	 * knows it and Valkey is unreachable (it may still be pending)
	 */
	BookingView read(UUID bookingId, long userId) {
		return this.payments.withPayment(readStatus(bookingId, userId));
	}

	/**
	 * A status stream's opening read: the booking as {@link #read} answers it and its record's place, from one read of
	 * the status cache.
	 * @param bookingId the booking
	 * @param userId the caller
	 * @return the booking, and where its record sits while it is PENDING ({@link Opening#place})
	 * @throws ApiException as {@link #read}
	 */
	Opening opening(UUID bookingId, long userId) {
		Optional<CachedBooking> cached;
		try {
			cached = this.cache.get(bookingId);
		}
		catch (ValkeyUnavailableException ex) {
			return new Opening(this.payments.withPayment(readWithoutCache(bookingId, userId)), null);
		}
		QueuePlace place = cached.map(CachedBooking::place).orElse(null);
		return new Opening(this.payments.withPayment(readStatus(bookingId, userId, cached)), place);
	}

	/**
	 * As {@link #read}, for a booking announced as changed: a PENDING or HELD cache entry is checked against Postgres
	 * now, whenever it was last checked (the announcement follows the commit, the cache write may not).
	 * @param bookingId the booking
	 * @param userId the caller
	 * @return the booking
	 * @throws ApiException as {@link #read}
	 */
	BookingView readChanged(UUID bookingId, long userId) {
		this.recentlyChecked.invalidate(bookingId);
		return read(bookingId, userId);
	}

	/**
	 * The booking as Postgres records it, without the status cache: for a change announced on
	 * {@code bookings.settled} that the cache does not show yet.
	 * @param bookingId the booking
	 * @param userId the caller
	 * @return the booking with its payment; empty when Postgres has no settled booking of that id and owner
	 * @throws org.springframework.dao.DataAccessException when Postgres cannot answer
	 */
	Optional<BookingView> readRecorded(UUID bookingId, long userId) {
		return this.queries.find(bookingId, userId).map(BookingView::of).map(this.payments::withPayment);
	}

	private BookingView readStatus(UUID bookingId, long userId) {
		Optional<CachedBooking> cached;
		try {
			cached = this.cache.get(bookingId);
		}
		catch (ValkeyUnavailableException ex) {
			return readWithoutCache(bookingId, userId);
		}
		return readStatus(bookingId, userId, cached);
	}

	/** Valkey cannot answer: Postgres alone, a 503 while it does not know the booking (it may still be pending). */
	private BookingView readWithoutCache(UUID bookingId, long userId) {
		return this.queries.find(bookingId, userId)
			.map(BookingView::of)
			.orElseThrow(() -> Problems.unavailable(
					"The status of booking " + bookingId + " is unknown right now; try again shortly.",
					UNKNOWN_RETRY_AFTER_SECONDS));
	}

	private BookingView readStatus(UUID bookingId, long userId, Optional<CachedBooking> cached) {
		if (cached.isPresent() && cached.get().userId() != userId) {
			throw notFound(bookingId);
		}
		if (cached.isPresent() && !cached.get().status().movesOnItsOwn()) {
			return BookingView.of(cached.get());
		}
		if (cached.isPresent() && this.recentlyChecked.getIfPresent(bookingId) != null) {
			return withQueue(cached.get());
		}
		Optional<CachedBooking> settled = this.queries.find(bookingId, userId);
		if (cached.isPresent()
				&& (settled.isEmpty() || settled.get().status() == cached.get().status())) {
			// Postgres is not ahead of the cache: answer from the cache until the next check is due
			this.recentlyChecked.put(bookingId, Boolean.TRUE);
		}
		if (settled.isPresent()) {
			return BookingView.of(settled.get());
		}
		return cached.map(this::withQueue).orElseThrow(() -> notFound(bookingId));
	}

	private BookingView withQueue(CachedBooking booking) {
		BookingView view = BookingView.of(booking);
		QueuePlace place = booking.place();
		if (booking.status() != BookingStatus.PENDING || place == null) {
			return view;
		}
		return view.withQueue(this.positions.of(booking.bookingId(), place));
	}

	/**
	 * @param userId the caller
	 * @param page page number from 0
	 * @param size page size
	 * @return the caller's settled bookings, newest first
	 */
	List<BookingView> listOwn(long userId, int page, int size) {
		return this.queries.listOwn(userId, size, (long) page * size).stream().map(BookingView::of).toList();
	}

	private static ApiException notFound(UUID bookingId) {
		return Problems.notFound("No booking " + bookingId + ".");
	}

	/**
	 * What a status stream opens with.
	 *
	 * @param booking the booking, as {@link #read} answers it
	 * @param place where its record sits in {@code bookings.requested} while the cache holds it PENDING; null when
	 * unknown, past PENDING, or Valkey cannot answer
	 */
	record Opening(BookingView booking, @Nullable QueuePlace place) {
	}

}
