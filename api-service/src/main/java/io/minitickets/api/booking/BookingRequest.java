package io.minitickets.api.booking;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;

/**
 * The body of {@code POST /api/events/{id}/bookings}.
 *
 * @param quantity seats to book, 1 up to the event's per-order maximum
 */
record BookingRequest(@NotNull @Positive Integer quantity) {
}
