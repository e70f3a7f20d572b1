package io.minitickets.api.cancellation;

import java.util.UUID;

import io.minitickets.core.messaging.BookingStatus;

/**
 * The 202 of a cancellation request.
 *
 * @param bookingId the booking
 * @param status its status when the request was recorded (HELD or CONFIRMED); the status URL shows CANCELLED once
 * the worker applied it
 */
record CancellationView(UUID bookingId, BookingStatus status) {
}
