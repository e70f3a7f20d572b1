package io.minitickets.core.inventory;

import java.util.UUID;

/**
 * A booking that ended after taking seats (an expired hold), whose seats a RETURN gives back to the gate.
 *
 * @param bookingId the booking
 * @param userId its user, whose seats count against the event's per-user limit
 * @param seats seats it held
 */
public record ReturnedBooking(UUID bookingId, long userId, int seats) {
}
