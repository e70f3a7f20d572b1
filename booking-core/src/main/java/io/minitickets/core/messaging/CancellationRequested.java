package io.minitickets.core.messaging;

import java.time.Instant;
import java.util.UUID;

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
 * @param requestedAt when api-service accepted the request
 */
public record CancellationRequested(UUID bookingId, long eventId, long userId, Instant requestedAt) {
}
