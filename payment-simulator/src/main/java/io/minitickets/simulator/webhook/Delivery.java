package io.minitickets.simulator.webhook;

import java.time.Instant;

import org.jspecify.annotations.Nullable;

/**
 * One delivery of an event to the webhook URL, as {@code GET /sim/deliveries} shows it. A duplicated event has two.
 *
 * @param id {@code dlv_<n>}, in the order deliveries were created
 * @param eventId the event's id; the same for both deliveries of a duplicated event
 * @param type the event's type
 * @param bookingId the booking the event names; null when none
 * @param state {@code PENDING} (waiting for its first attempt or a retry), {@code DELIVERED} (a 2xx answer) or
 * {@code FAILED} (every attempt failed)
 * @param attempts how many attempts were made
 * @param lastStatus the last attempt's HTTP status; null when it got none (no connection, timeout) or none was made
 * @param lastError why the last attempt got no answer; null when it got one
 * @param createdAt when the event was handed to delivery
 * @param lastAttemptAt when the last attempt ended; null before the first
 */
public record Delivery(String id, String eventId, String type, @Nullable String bookingId, State state, int attempts,
		@Nullable Integer lastStatus, @Nullable String lastError, Instant createdAt, @Nullable Instant lastAttemptAt) {

	/** Where a delivery is. */
	public enum State {

		/** Waiting for its first attempt or a retry. */
		PENDING,

		/** Answered 2xx. */
		DELIVERED,

		/** Given up after the configured number of attempts. */
		FAILED

	}

	Delivery attempted(@Nullable Integer status, @Nullable String error, State next, Instant now) {
		return new Delivery(this.id, this.eventId, this.type, this.bookingId, next, this.attempts + 1, status, error,
				this.createdAt, now);
	}

}
