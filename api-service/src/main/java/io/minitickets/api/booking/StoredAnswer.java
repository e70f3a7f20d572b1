package io.minitickets.api.booking;

import java.util.UUID;

/**
 * What an Idempotency-Key holds: the request it was first used for (event, seats, the booking id derived from them)
 * and where that request stands — in flight, answered (202 or 409), or unconfirmed (a send to Kafka that may or may
 * not have reached the broker).
 * <p>
 * Stored as {@code status|bookingId|eventId|quantity|claimedUntilMs}, followed by {@code |sale-closed} for a 409 that
 * said the sale is closed (a 409 without it said sold out).
 *
 * @param status {@link #IN_FLIGHT}, 202, 409 or {@link #UNCONFIRMED}
 * @param bookingId the booking
 * @param eventId the event asked for
 * @param quantity the seats asked for
 * @param claimedUntilMs for {@link #IN_FLIGHT}: until when (ms since the epoch) the request that holds the key is
 * expected to answer; past it, the request is taken to have died and a retry resumes its booking. 0 otherwise
 * @param saleClosed for a 409: true when it said the event's sale is closed, false when it said sold out
 */
record StoredAnswer(int status, UUID bookingId, long eventId, int quantity, long claimedUntilMs, boolean saleClosed) {

	private static final String SALE_CLOSED = "sale-closed";

	/** The status of a key whose request has no answer yet. */
	static final int IN_FLIGHT = 0;

	/** The status of a key whose booking was handed to Kafka without an acknowledgement: it may be booked. */
	static final int UNCONFIRMED = 503;

	static StoredAnswer inFlight(UUID bookingId, long eventId, int quantity, long claimedUntilMs) {
		return new StoredAnswer(IN_FLIGHT, bookingId, eventId, quantity, claimedUntilMs, false);
	}

	/**
	 * Reads a stored entry.
	 * @param value what the key holds: {@code status|bookingId|eventId|quantity|claimedUntilMs}, with
	 * {@code |sale-closed} after a closed sale's 409, or the four fields written before {@code claimedUntilMs} existed
	 * @return the answer
	 * @throws IllegalArgumentException when the value is not such an entry (a corrupt entry)
	 */
	static StoredAnswer parse(String value) {
		String[] parts = value.split("\\|", -1);
		if (parts.length < 4 || parts.length > 6 || (parts.length == 6 && !SALE_CLOSED.equals(parts[5]))) {
			throw new IllegalArgumentException("not an idempotency entry: " + parts.length + " fields");
		}
		StoredAnswer answer = new StoredAnswer(Integer.parseInt(parts[0]), UUID.fromString(parts[1]),
				Long.parseLong(parts[2]), Integer.parseInt(parts[3]), (parts.length >= 5) ? Long.parseLong(parts[4]) : 0,
				parts.length == 6);
		boolean knownStatus = answer.status == IN_FLIGHT || answer.status == 202 || answer.status == 409
				|| answer.status == UNCONFIRMED;
		if (!knownStatus || answer.eventId <= 0 || answer.quantity <= 0 || (answer.saleClosed && answer.status != 409)) {
			throw new IllegalArgumentException("not an idempotency entry: status " + answer.status + ", event "
					+ answer.eventId + ", seats " + answer.quantity);
		}
		return answer;
	}

	String format() {
		return this.status + "|" + this.bookingId + "|" + this.eventId + "|" + this.quantity + "|"
				+ this.claimedUntilMs + (this.saleClosed ? "|" + SALE_CLOSED : "");
	}

	StoredAnswer answered(int finalStatus) {
		return new StoredAnswer(finalStatus, this.bookingId, this.eventId, this.quantity, 0, false);
	}

	/**
	 * @return this request answered 409 because the event's sale is closed
	 */
	StoredAnswer saleClosedAnswer() {
		return new StoredAnswer(409, this.bookingId, this.eventId, this.quantity, 0, true);
	}

	/**
	 * @param nowMs the current time, ms since the epoch
	 * @return true while a request holds the key and may still answer
	 */
	boolean inFlight(long nowMs) {
		return this.status == IN_FLIGHT && nowMs < this.claimedUntilMs;
	}

	/**
	 * @param nowMs the current time, ms since the epoch
	 * @return true when the booking may or may not be in Kafka: its send was unconfirmed, or the request holding the
	 * key died (its claim is past its deadline)
	 */
	boolean unsettled(long nowMs) {
		return this.status == UNCONFIRMED || (this.status == IN_FLIGHT && nowMs >= this.claimedUntilMs);
	}

	boolean answers(long eventId, int quantity) {
		return this.eventId == eventId && this.quantity == quantity;
	}

}
