package io.minitickets.core.inventory;

import java.time.Instant;
import java.util.UUID;

/**
 * A booking that ended after taking seats (an expired hold), whose seats a RETURN gives back to the gate.
 *
 * @param bookingId the booking
 * @param userId its user, whose seats count against the event's per-user limit
 * @param seats seats it held
 * @param endedAt when the transaction that ended it ran ({@code bookings.ended_at}, Postgres's clock): a RETURN
 * later than {@link InventoryGate#RETURN_DEADLINE} after it is not applied
 */
public record ReturnedBooking(UUID bookingId, long userId, int seats, Instant endedAt) {
}
