package io.minitickets.worker.payment;

/**
 * What applying one payment did; the {@code outcome} tag of {@code minitickets.payments.applied} and, but for
 * {@link #DUPLICATE}, the {@code outcome} column of {@code payments}.
 */
enum PaymentOutcome {

	/** Paid while HELD: the booking is CONFIRMED, its seats stay taken. */
	CONFIRMED("confirmed"),

	/** Paid after its hold EXPIRED while its seats were still free: CONFIRMED, the seats taken again. */
	CONFIRMED_AFTER_EXPIRY("confirmed-after-expiry"),

	/**
	 * Paid when it could not be confirmed (the hold expired and its seats are gone: the booking becomes REFUNDED; or
	 * the booking is already paid or ended: it stays as it is): the payment is refunded, once.
	 */
	REFUNDED("refunded"),

	/** A declined or failed payment: recorded; the hold keeps running. */
	FAILED("failed"),

	/** A provider event (or a successful payment) applied before: nothing changed. */
	DUPLICATE("duplicate");

	private final String tag;

	PaymentOutcome(String tag) {
		this.tag = tag;
	}

	String tag() {
		return this.tag;
	}

	/**
	 * @return the value of {@code payments.outcome}
	 */
	String column() {
		return switch (this) {
			case CONFIRMED, CONFIRMED_AFTER_EXPIRY -> "CONFIRMED";
			case REFUNDED -> "REFUNDED";
			case FAILED -> "FAILED_RECORDED";
			case DUPLICATE -> throw new IllegalStateException("a duplicate is not recorded");
		};
	}

}
