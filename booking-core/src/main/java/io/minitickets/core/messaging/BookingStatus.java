package io.minitickets.core.messaging;

/**
 * Where a booking is. Status only moves forward: {@code PENDING} → {@code CONFIRMED} or {@code REJECTED}.
 */
public enum BookingStatus {

	/** Accepted (202) and waiting in Kafka for a worker. */
	PENDING,

	/** Postgres took the seats. */
	CONFIRMED,

	/** Postgres turned it down; {@link RejectionReason} says why. */
	REJECTED;

	/**
	 * Whether this status is an outcome that never changes again.
	 * @return true for CONFIRMED and REJECTED
	 */
	public boolean isFinal() {
		return this != PENDING;
	}

}
