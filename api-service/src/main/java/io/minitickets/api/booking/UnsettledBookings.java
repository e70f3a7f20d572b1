package io.minitickets.api.booking;

import java.util.Optional;
import java.util.UUID;

import io.minitickets.api.event.EventCache;
import io.minitickets.api.problem.ApiException;
import io.minitickets.api.problem.Problems;
import io.minitickets.core.messaging.BookingStatus;
import io.minitickets.core.status.BookingStatusCache;
import io.minitickets.core.status.CachedBooking;
import io.minitickets.core.valkey.ValkeyUnavailableException;
import org.springframework.stereotype.Component;

/**
 * The refusal of a request about a booking that Postgres does not hold (yet): its owner's booking still PENDING in the
 * status cache gets a 409 with Retry-After saying what status to wait for; anything else (no such booking, or someone
 * else's) a 404, as a status poll gets; a status cache that cannot answer a 503 with Retry-After. Checkout and
 * cancellation ask it when their Postgres read finds no booking of the caller's; a PENDING booking of a free event is
 * told that it takes no payment.
 */
@Component
public class UnsettledBookings {

	private final BookingStatusCache statusCache;

	private final EventCache events;

	UnsettledBookings(BookingStatusCache statusCache, EventCache events) {
		this.statusCache = statusCache;
		this.events = events;
	}

	/**
	 * @param bookingId the booking asked about
	 * @param userId the caller
	 * @param waitFor the status the request needs, for the detail ({@code HELD}, {@code HELD or CONFIRMED})
	 * @param retryAfterSeconds the 409's and the 503's Retry-After, s
	 * @return the refusal to throw: 409 {@code bookingStatus: PENDING}, 404 or 503
	 */
	public ApiException refusal(UUID bookingId, long userId, String waitFor, long retryAfterSeconds) {
		return pending(bookingId, userId, retryAfterSeconds)
			.map((pending) -> notSettled(bookingId, waitFor, retryAfterSeconds))
			.orElseGet(() -> notFound(bookingId));
	}

	/**
	 * The refusal of a payment, which needs a HELD booking: as {@link #refusal}, except that a PENDING booking of a
	 * free event (price 0) is told that it takes no payment, without Retry-After: it becomes CONFIRMED, never HELD.
	 * @param bookingId the booking asked about
	 * @param userId the caller
	 * @param retryAfterSeconds the 409's (of a paid event's booking) and the 503's Retry-After, s
	 * @return the refusal to throw: 409 {@code bookingStatus: PENDING}, 404 or 503
	 */
	public ApiException paymentRefusal(UUID bookingId, long userId, long retryAfterSeconds) {
		Optional<CachedBooking> pending = pending(bookingId, userId, retryAfterSeconds);
		if (pending.isEmpty()) {
			return notFound(bookingId);
		}
		long eventId = pending.get().eventId();
		if (this.events.find(eventId).map((event) -> event.price() == 0).orElse(false)) {
			return Problems
				.conflict("Booking " + bookingId + " is of free event " + eventId
						+ ": it takes no payment and becomes CONFIRMED without one.")
				.with("bookingId", bookingId)
				.with("bookingStatus", BookingStatus.PENDING);
		}
		return notSettled(bookingId, "HELD", retryAfterSeconds);
	}

	/** The caller's booking while the status cache has it PENDING; empty otherwise; a 503 thrown when it cannot say. */
	private Optional<CachedBooking> pending(UUID bookingId, long userId, long retryAfterSeconds) {
		Optional<CachedBooking> cached;
		try {
			cached = this.statusCache.get(bookingId);
		}
		catch (ValkeyUnavailableException ex) {
			throw Problems.unavailable("The status of booking " + bookingId + " is unknown right now; try again "
					+ "shortly.", retryAfterSeconds);
		}
		return cached.filter((booking) -> booking.userId() == userId && booking.status() == BookingStatus.PENDING);
	}

	private static ApiException notSettled(UUID bookingId, String waitFor, long retryAfterSeconds) {
		return Problems
			.conflict("Booking " + bookingId + " is not settled yet; ask again once its status is " + waitFor + ".",
					retryAfterSeconds)
			.with("bookingId", bookingId)
			.with("bookingStatus", BookingStatus.PENDING);
	}

	private static ApiException notFound(UUID bookingId) {
		return Problems.notFound("No booking " + bookingId + ".");
	}

}
