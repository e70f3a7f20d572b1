package io.minitickets.core.security;

/**
 * Why an admission token does not admit a booking (issue 18): each is a 403 naming it.
 */
public enum AdmissionRefusal {

	/** No {@code Admission-Token} header on a booking of a waiting-room event. */
	MISSING("missing"),

	/** Not a token this service signed as an admission: malformed, another key or algorithm, another issuer. */
	FORGED("forged"),

	/** Signed for another event. */
	OTHER_EVENT("other-event"),

	/** Signed for another account: a token passed on does not admit its new holder. */
	OTHER_USER("other-user"),

	/** Its admission has ended. */
	EXPIRED("expired");

	private final String reason;

	AdmissionRefusal(String reason) {
		this.reason = reason;
	}

	/**
	 * @return the refusal's name in problems and metrics, for example {@code other-user}
	 */
	public String reason() {
		return this.reason;
	}

}
