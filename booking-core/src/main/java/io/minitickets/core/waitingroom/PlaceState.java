package io.minitickets.core.waitingroom;

/**
 * Where a place in a waiting room stands.
 */
public enum PlaceState {

	/** Taken before the sale opened and not drawn yet: its position is decided by the opening's draw. */
	PRE_QUEUE,

	/** In line, in order: the draw's for the pre-queue, arrival order after it. */
	WAITING,

	/** Admitted: its owner may book the event until the admission ends. */
	ADMITTED,

	/**
	 * Admitted, and the admission has ended (its {@code admittedUntil} passed): the booking route refuses its token
	 * (403, reason {@code expired}) and the account keeps this place (one per event). Valkey holds the place as
	 * admitted; this is how a read of it after the end says so ({@link PlaceReading} gives {@link #ADMITTED}).
	 */
	EXPIRED,

	/**
	 * Dropped as abandoned: its owner neither joined nor read it for the room's abandon time when it came up for
	 * admission, which went to the next place; the account may join again, at the back.
	 */
	DROPPED

}
