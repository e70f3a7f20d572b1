package io.minitickets.api.cancellation;

import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

import io.minitickets.api.cancellation.CancellableBookings.OwnedBooking;
import io.minitickets.api.problem.ApiException;
import io.minitickets.api.problem.Problems;
import io.minitickets.core.messaging.BookingStatus;
import io.minitickets.core.messaging.CancellationRequested;
import io.minitickets.core.status.BookingStatusCache;
import io.minitickets.core.status.CachedBooking;
import io.minitickets.core.valkey.ValkeyUnavailableException;

import org.springframework.stereotype.Service;

/**
 * Checks a customer's cancellation and records it for the worker (DESIGN.md, "One authority per event": the worker
 * decides it under the event's row lock, so it checks the booking and the deadline again). Idempotent by booking id:
 * until the worker applied it, the same request is recorded again and answered the same 202, and the worker changes
 * the booking once; no Idempotency-Key is needed.
 */
@Service
class Cancellations {

	/** A PENDING booking is settled within a second or so on a healthy pipeline. */
	static final long NOT_SETTLED_RETRY_AFTER_SECONDS = 1;

	private final CancellableBookings bookings;

	private final BookingStatusCache statusCache;

	private final CancellationRecorder recorder;

	Cancellations(CancellableBookings bookings, BookingStatusCache statusCache, CancellationRecorder recorder) {
		this.bookings = bookings;
		this.statusCache = statusCache;
		this.recorder = recorder;
	}

	/**
	 * @param bookingId the booking
	 * @param userId the caller
	 * @return the booking and its status now (HELD or CONFIRMED), once the request is recorded
	 * @throws ApiException 404 when the booking is not the caller's or does not exist; 409 when its event's
	 * {@code cancellable_until} has passed, when it is PENDING (with Retry-After), or when it is REJECTED, EXPIRED,
	 * CANCELLED or REFUNDED (named in {@code bookingStatus}); 503 with Retry-After when the request could not be
	 * recorded or a PENDING booking's status cannot be read
	 */
	CancellationView cancel(UUID bookingId, long userId) {
		OwnedBooking booking = this.bookings.findOwned(bookingId, userId)
			.orElseThrow(() -> notSettled(bookingId, userId));
		if (booking.status() != BookingStatus.HELD && booking.status() != BookingStatus.CONFIRMED) {
			throw Problems
				.conflict("Booking " + bookingId + " is " + booking.status()
						+ "; only a HELD or CONFIRMED booking can be cancelled.")
				.with("bookingId", bookingId)
				.with("bookingStatus", booking.status());
		}
		if (booking.pastDeadline()) {
			throw Problems
				.conflict("The event of booking " + bookingId + " is past its cancellation deadline "
						+ "(cancellableUntil); it can no longer be cancelled.")
				.with("bookingId", bookingId)
				.with("bookingStatus", booking.status());
		}
		this.recorder.record(new CancellationRequested(bookingId, booking.eventId(), userId, Instant.now()));
		return new CancellationView(bookingId, booking.status());
	}

	private ApiException notSettled(UUID bookingId, long userId) {
		Optional<CachedBooking> cached;
		try {
			cached = this.statusCache.get(bookingId);
		}
		catch (ValkeyUnavailableException ex) {
			return Problems.unavailable("The status of booking " + bookingId + " is unknown right now; try again "
					+ "shortly.", NOT_SETTLED_RETRY_AFTER_SECONDS);
		}
		if (cached.isPresent() && cached.get().userId() == userId
				&& cached.get().status() == BookingStatus.PENDING) {
			return Problems
				.conflict("Booking " + bookingId + " is not settled yet; ask again once its status is HELD or "
						+ "CONFIRMED.", NOT_SETTLED_RETRY_AFTER_SECONDS)
				.with("bookingId", bookingId)
				.with("bookingStatus", BookingStatus.PENDING);
		}
		return Problems.notFound("No booking " + bookingId + ".");
	}

}
