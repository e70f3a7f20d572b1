package io.minitickets.worker.cancellation;

/**
 * What applying one cancellation did; the {@code outcome} tag of {@code minitickets.cancellations}.
 */
enum CancellationOutcome {

	/** A HELD booking, or a CONFIRMED one nobody paid for (free event): CANCELLED, its seats given back. */
	CANCELLED("cancelled"),

	/** A paid CONFIRMED booking: CANCELLED, its seats given back, its payment refunded (once). */
	CANCELLED_REFUNDED("cancelled-refunded"),

	/** The booking had ended already (CANCELLED, EXPIRED, REFUNDED, REJECTED): nothing changed. */
	ALREADY_ENDED("already-ended"),

	/** The event's {@code cancellable_until} had passed by Postgres's clock when it was applied: nothing changed. */
	TOO_LATE("too-late"),

	/** An operator's refund by hand of a paid CONFIRMED booking: REFUNDED, seats given back, payment refunded. */
	REFUNDED_BY_OPERATOR("refunded-by-operator"),

	/** An operator's refund by hand of a booking without a payment to refund (HELD, or free): nothing changed. */
	NOT_REFUNDABLE("not-refundable");

	private final String tag;

	CancellationOutcome(String tag) {
		this.tag = tag;
	}

	String tag() {
		return this.tag;
	}

}
