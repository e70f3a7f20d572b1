package io.minitickets.worker.payment;

/**
 * The {@code state} tag of {@code minitickets.refunds}.
 */
enum RefundState {

	/** Recorded in {@code refunds}, in the transaction that decided it. */
	REQUESTED("requested"),

	/** The provider took it. */
	ISSUED("issued"),

	/** A call to the provider failed; the refund stays pending and is retried. */
	FAILED_ATTEMPT("failed-attempt");

	private final String tag;

	RefundState(String tag) {
		this.tag = tag;
	}

	String tag() {
		return this.tag;
	}

}
