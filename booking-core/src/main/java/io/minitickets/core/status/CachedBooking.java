package io.minitickets.core.status;

import java.util.UUID;

import io.minitickets.core.messaging.BookingStatus;
import io.minitickets.core.messaging.RejectionReason;
import org.jspecify.annotations.Nullable;

/**
 * A booking as the status cache holds it.
 *
 * @param bookingId the booking
 * @param eventId its event
 * @param userId its owner
 * @param quantity seats asked for
 * @param status where it is
 * @param reason why it was rejected; null otherwise
 */
public record CachedBooking(UUID bookingId, long eventId, long userId, int quantity, BookingStatus status,
		@Nullable RejectionReason reason) {
}
