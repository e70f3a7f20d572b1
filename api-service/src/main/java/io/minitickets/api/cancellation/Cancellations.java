package io.minitickets.api.cancellation;

import java.time.Instant;
import java.util.UUID;

import io.minitickets.api.booking.UnsettledBookings;
import io.minitickets.api.cancellation.CancellableBookings.OwnedBooking;
import io.minitickets.api.problem.ApiException;
import io.minitickets.api.problem.Problems;
import io.minitickets.core.messaging.BookingStatus;
import io.minitickets.core.messaging.CancellationRequested;

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

	private final UnsettledBookings unsettled;

	private final CancellationRecorder recorder;

	Cancellations(CancellableBookings bookings, UnsettledBookings unsettled, CancellationRecorder recorder) {
		this.bookings = bookings;
		this.unsettled = unsettled;
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
			.orElseThrow(() -> this.unsettled.refusal(bookingId, userId, "HELD or CONFIRMED", NOT_SETTLED_RETRY_AFTER_SECONDS));
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

}
