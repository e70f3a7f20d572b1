package io.minitickets.core.messaging;

/**
 * Where a booking is (DESIGN.md, "Booking lifecycle"): {@code PENDING} → {@code REJECTED}, {@code CONFIRMED} (a free
 * event) or {@code HELD} (a paid event); {@code HELD} → {@code EXPIRED} when its hold passes unpaid (later:
 * {@code CONFIRMED} on payment, {@code CANCELLED}); {@code CONFIRMED} → {@code CANCELLED}; {@code EXPIRED} →
 * {@code CONFIRMED} or {@code REFUNDED} when a payment arrives late.
 * <p>
 * Status only moves forward: every transition Postgres makes goes to a higher {@link #rank()}, so a writer that may be
 * overtaken (the status cache) keeps the higher rank and never goes back.
 */
public enum BookingStatus {

	/** Accepted (202) and waiting in Kafka for a worker. */
	PENDING(0),

	/** Postgres took the seats of a paid event; they are the customer's until the hold expires unpaid. */
	HELD(1),

	/** The hold passed unpaid; Postgres gave the seats back. */
	EXPIRED(2),

	/** Postgres took the seats for good (a free event at once; a paid one once paid). */
	CONFIRMED(3),

	/** The customer cancelled; the seats went back (and a payment was refunded). */
	CANCELLED(4),

	/** A payment that arrived when its seats were gone was refunded. */
	REFUNDED(4),

	/** Postgres turned it down; {@link RejectionReason} says why. */
	REJECTED(4);

	private final int rank;

	BookingStatus(int rank) {
		this.rank = rank;
	}

	/**
	 * How far along the lifecycle this status is: a transition only ever goes to a higher rank, and the statuses of
	 * the highest rank never change again.
	 * @return 0 for PENDING, 1 HELD, 2 EXPIRED, 3 CONFIRMED, 4 CANCELLED, REFUNDED and REJECTED
	 */
	public int rank() {
		return this.rank;
	}

	/**
	 * Whether the pipeline itself still moves this booking on, with no request from anyone: a worker settles a
	 * PENDING one, the expirer ends a HELD one. A reader of a cache that such a move may not have reached yet (a
	 * post-commit write is best effort) checks Postgres for these; every other move comes from a request whose own
	 * write follows it.
	 * @return true for PENDING and HELD
	 */
	public boolean movesOnItsOwn() {
		return this == PENDING || this == HELD;
	}

}
