package io.minitickets.api.settlement;

import java.util.UUID;

import io.minitickets.core.messaging.BookingStatus;

/**
 * A booking's new status, as a record of {@code bookings.settled} announced it.
 *
 * @param bookingId the booking
 * @param status its new status
 */
public record SettledChange(UUID bookingId, BookingStatus status) {
}
