package io.minitickets.simulator.checkout;

/**
 * A pay or decline call for a session that is unknown, complete or expired; the control API answers 404 or 409.
 */
public class SessionNotOpenException extends RuntimeException {

	private final String status;

	/**
	 * @param id the session's id
	 * @param status {@code unknown}, {@code complete} or {@code expired}
	 */
	public SessionNotOpenException(String id, String status) {
		super("Checkout session " + id + " is " + status + ", not open");
		this.status = status;
	}

	/**
	 * @return {@code unknown}, {@code complete} or {@code expired}
	 */
	public String status() {
		return this.status;
	}

}
