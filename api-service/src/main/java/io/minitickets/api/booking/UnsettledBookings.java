package io.minitickets.api.booking;

import java.util.Optional;
import java.util.UUID;

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
 * cancellation ask it when their Postgres read finds no booking of the caller's.
 */
@Component
public class UnsettledBookings {

	private final BookingStatusCache statusCache;

	UnsettledBookings(BookingStatusCache statusCache) {
		this.statusCache = statusCache;
	}

	/**
	 * @param bookingId the booking asked about
	 * @param userId the caller
	 * @param waitFor the status the request needs, for the detail ({@code HELD}, {@code HELD or CONFIRMED})
	 * @param retryAfterSeconds the 409's and the 503's Retry-After, s
	 * @return the refusal to throw: 409 {@code bookingStatus: PENDING}, 404 or 503
	 */
	public ApiException refusal(UUID bookingId, long userId, String waitFor, long retryAfterSeconds) {
		Optional<CachedBooking> cached;
		try {
			cached = this.statusCache.get(bookingId);
		}
		catch (ValkeyUnavailableException ex) {
			return Problems.unavailable("The status of booking " + bookingId + " is unknown right now; try again "
					+ "shortly.", retryAfterSeconds);
		}
		if (cached.isPresent() && cached.get().userId() == userId
				&& cached.get().status() == BookingStatus.PENDING) {
			return Problems
				.conflict("Booking " + bookingId + " is not settled yet; ask again once its status is " + waitFor
						+ ".", retryAfterSeconds)
				.with("bookingId", bookingId)
				.with("bookingStatus", BookingStatus.PENDING);
		}
		return Problems.notFound("No booking " + bookingId + ".");
	}

}
