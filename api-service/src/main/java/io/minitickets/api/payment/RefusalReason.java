package io.minitickets.api.payment;

import io.minitickets.core.payment.WebhookRejectedException;

/**
 * Why a webhook was refused; the {@code reason} tag of {@code minitickets.payments.refused}.
 */
enum RefusalReason {

	/** No signature header, a malformed one, or a signature that does not match (400). */
	BAD_SIGNATURE("bad-signature"),

	/** Signed longer ago than the tolerance: possibly a replay (400). */
	STALE_TIMESTAMP("stale-timestamp"),

	/** Signed but not an event we can read, or a payment event that names no booking (400). */
	MALFORMED("malformed"),

	/** The booking it names does not exist (404). */
	UNKNOWN_BOOKING("unknown-booking"),

	/** A successful payment whose amount or currency is not the booking's (400). */
	AMOUNT_MISMATCH("amount-mismatch");

	private final String tag;

	RefusalReason(String tag) {
		this.tag = tag;
	}

	String tag() {
		return this.tag;
	}

	static RefusalReason of(WebhookRejectedException.Reason reason) {
		return switch (reason) {
			case MISSING_SIGNATURE, MALFORMED_SIGNATURE_HEADER, BAD_SIGNATURE -> BAD_SIGNATURE;
			case STALE_TIMESTAMP -> STALE_TIMESTAMP;
			case MALFORMED_PAYLOAD -> MALFORMED;
		};
	}

}
