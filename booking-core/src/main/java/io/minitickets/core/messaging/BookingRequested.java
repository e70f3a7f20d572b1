package io.minitickets.core.messaging;

import java.time.Instant;
import java.util.UUID;

/**
 * A booking the API accepted (answered 202): the value of {@link BookingTopics#REQUESTED}, keyed by event id.
 *
 * @param bookingId the booking's id; settling is idempotent per id
 * @param eventId the event whose seats are asked for
 * @param userId the user who asked
 * @param quantity seats asked for, 1 or more
 * @param requestedAt when the API accepted it
 * @param gated true when the inventory gate reserved a lease for it; false when the gate was off or unreachable
 * @param schemaVersion version of this record's shape, {@link #SCHEMA_VERSION} when written by this code
 */
public record BookingRequested(UUID bookingId, long eventId, long userId, int quantity, Instant requestedAt,
		boolean gated, int schemaVersion) {

	/** The shape this code writes. */
	public static final int SCHEMA_VERSION = 1;

	/**
	 * A request in the current schema version.
	 * @param bookingId the booking's id
	 * @param eventId the event
	 * @param userId the user
	 * @param quantity seats, 1 or more
	 * @param requestedAt when it was accepted
	 * @param gated whether the gate holds a lease for it
	 * @return the request
	 */
	public static BookingRequested of(UUID bookingId, long eventId, long userId, int quantity, Instant requestedAt,
			boolean gated) {
		return new BookingRequested(bookingId, eventId, userId, quantity, requestedAt, gated, SCHEMA_VERSION);
	}

	/**
	 * Whether the record can be settled at all: it has an id and asks for at least one seat of a real event.
	 * Records that are not valid go to the dead-letter topic.
	 * @return true when valid
	 */
	public boolean isValid() {
		return this.bookingId != null && this.eventId > 0 && this.userId > 0 && this.quantity > 0
				&& this.requestedAt != null;
	}

}
