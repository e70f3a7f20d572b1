package io.minitickets.core.messaging;

import java.time.Instant;
import java.util.UUID;

import org.jspecify.annotations.Nullable;

/**
 * A customer's request to cancel a booking, as api-service recorded it for the worker: the value of
 * {@link BookingTopics#CANCELLATIONS_REQUESTED}, keyed by the booking's event id. api-service checked that the caller
 * owns the booking, that it is HELD or CONFIRMED and that the event's {@code cancellable_until} has not passed; the
 * worker decides again under the event's row lock (the booking may have ended, or the deadline passed, since).
 * Applying it twice changes nothing the second time, so it carries no id of its own: the booking id is its key.
 *
 * @param bookingId the booking to cancel
 * @param eventId the booking's event (the record's key)
 * @param userId the caller, its owner
 * @param requestedAt when api-service (or ops) accepted the request
 * @param operator null for a customer's cancellation; for a refund by hand ({@code ops bookings refund --execute}),
 * the operator who asked (the OS user ops ran as): the worker then refunds only a paid CONFIRMED booking, ignores
 * {@code cancellable_until} and ends it REFUNDED instead of CANCELLED
 */
public record CancellationRequested(UUID bookingId, long eventId, long userId, Instant requestedAt,
		@Nullable String operator) {

	/**
	 * A customer's cancellation.
	 * @param bookingId the booking to cancel
	 * @param eventId the booking's event (the record's key)
	 * @param userId the caller, its owner
	 * @param requestedAt when api-service accepted the request
	 */
	public CancellationRequested(UUID bookingId, long eventId, long userId, Instant requestedAt) {
		this(bookingId, eventId, userId, requestedAt, null);
	}

}
