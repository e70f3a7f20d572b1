package io.minitickets.core.inventory;

import java.time.Instant;
import java.util.UUID;

/**
 * A booking that ended after taking seats (an expired hold, a cancelled booking), whose seats a RETURN gives back to
 * the gate: those no waiting-list offer took in the transaction that ended it.
 *
 * @param bookingId the booking
 * @param userId its user, whose seats count against the event's per-user limit
 * @param seats seats it held: all of them leave its user's count
 * @param seatsBack seats of them the gate may hand out again ({@code seats} less those waiting-list offers took),
 * 0 to {@code seats}
 * @param endedAt when the transaction that ended it ran ({@code bookings.ended_at}, Postgres's clock): a RETURN
 * later than {@link InventoryGate#RETURN_DEADLINE} after it is not applied
 */
public record ReturnedBooking(UUID bookingId, long userId, int seats, int seatsBack, Instant endedAt) {

	/**
	 * A booking none of whose seats went to a waiting-list offer.
	 * @param bookingId the booking
	 * @param userId its user
	 * @param seats seats it held, all back to the gate
	 * @param endedAt when it ended
	 */
	public ReturnedBooking(UUID bookingId, long userId, int seats, Instant endedAt) {
		this(bookingId, userId, seats, seats, endedAt);
	}

}
