package io.minitickets.core.payment;

/**
 * A webhook that must change nothing: answer 400 and log the {@link #reason()}. Not retryable: the same bytes fail the
 * same way (the provider retries on its own, with a fresh signature and timestamp).
 */
public class WebhookRejectedException extends RuntimeException {

	private final Reason reason;

	/**
	 * @param reason why, which says all there is to say
	 */
	public WebhookRejectedException(Reason reason) {
		super(reason.description);
		this.reason = reason;
	}

	/**
	 * @param reason why
	 * @param detail what exactly, for the log
	 */
	public WebhookRejectedException(Reason reason, String detail) {
		super(reason.description + ": " + detail);
		this.reason = reason;
	}

	/**
	 * @return why the webhook was rejected
	 */
	public Reason reason() {
		return this.reason;
	}

	/** Why a webhook was rejected. */
	public enum Reason {

		/** No signature header at all. */
		MISSING_SIGNATURE("no Stripe-Signature header"),

		/** A header without a timestamp ({@code t=}) or a {@code v1=} signature, or one that cannot be parsed. */
		MALFORMED_SIGNATURE_HEADER("malformed signature header"),

		/** No {@code v1} signature matches the payload under the webhook secret: tampered, or another secret. */
		BAD_SIGNATURE("signature does not match"),

		/** Signed correctly but longer ago than the tolerance: possibly a replay. */
		STALE_TIMESTAMP("timestamp outside the tolerance"),

		/** Signed correctly but not an event this contract can read (not JSON, no id, no object). */
		MALFORMED_PAYLOAD("malformed payload");

		private final String description;

		Reason(String description) {
			this.description = description;
		}

		/**
		 * @return a short phrase for logs and problem details, for example {@code signature does not match}
		 */
		public String description() {
			return this.description;
		}

	}

}
