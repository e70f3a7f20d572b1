package io.minitickets.worker.settlement;

import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

import io.minitickets.core.messaging.BookingRequested;
import io.minitickets.core.messaging.BookingSettled;
import io.minitickets.core.messaging.BookingStatus;
import io.minitickets.core.messaging.RejectionReason;
import io.minitickets.core.status.CachedBooking;
import io.minitickets.core.status.CachedBooking.Hold;
import org.jspecify.annotations.Nullable;

/**
 * One booking as Postgres settled it: a row of {@code bookings}.
 *
 * @param bookingId the booking
 * @param eventId its event
 * @param userId its user
 * @param quantity seats it asked for
 * @param gated whether the gate held a lease for it when it was accepted
 * @param requestedAt when the API accepted it
 * @param status CONFIRMED, HELD or REJECTED when new; a replay's as Postgres holds it now (EXPIRED too)
 * @param reason why it was rejected; null otherwise
 * @param settledAt when it was settled (microsecond precision, as Postgres keeps it)
 * @param hold the hold of a paid event's booking; null for a free event's or a rejected one
 * @param replay true when Postgres had settled it before this batch: nothing was written for it now
 */
record Settlement(UUID bookingId, long eventId, long userId, int quantity, boolean gated, Instant requestedAt,
		BookingStatus status, @Nullable RejectionReason reason, Instant settledAt, @Nullable Hold hold,
		boolean replay) {

	/**
	 * Takes the seats of a request: CONFIRMED for a free event; HELD for a paid one, until {@code settledAt} + the
	 * event's hold, for price × quantity.
	 * @param request the request
	 * @param event the event, read under its row lock
	 * @param settledAt when, microsecond precision
	 * @return a new CONFIRMED or HELD settlement
	 */
	static Settlement taken(BookingRequested request, EventInventory event, Instant settledAt) {
		if (!event.paid()) {
			return confirmed(request, settledAt);
		}
		Hold hold = new Hold(settledAt.plus(event.hold()), Math.multiplyExact(event.price(), request.quantity()),
				Objects.requireNonNull(event.currency(), "a paid event has a currency (events_paid_have_currency)"));
		return of(request, BookingStatus.HELD, null, settledAt, hold);
	}

	/**
	 * Confirms a request: the seats are the customer's for good.
	 * @param request the request
	 * @param settledAt when, microsecond precision
	 * @return a new CONFIRMED settlement
	 */
	static Settlement confirmed(BookingRequested request, Instant settledAt) {
		return of(request, BookingStatus.CONFIRMED, null, settledAt, null);
	}

	/**
	 * Rejects a request.
	 * @param request the request
	 * @param reason why
	 * @param settledAt when, microsecond precision
	 * @return a new REJECTED settlement
	 */
	static Settlement rejected(BookingRequested request, RejectionReason reason, Instant settledAt) {
		return of(request, BookingStatus.REJECTED, reason, settledAt, null);
	}

	private static Settlement of(BookingRequested request, BookingStatus status, @Nullable RejectionReason reason,
			Instant settledAt, @Nullable Hold hold) {
		return new Settlement(request.bookingId(), request.eventId(), request.userId(), request.quantity(),
				request.gated(), request.requestedAt(), status, reason, settledAt, hold, false);
	}

	/**
	 * Seats this settlement took from the event.
	 * @return the quantity when confirmed or held, else 0
	 */
	int seatsTaken() {
		return (this.status == BookingStatus.CONFIRMED || this.status == BookingStatus.HELD) ? this.quantity : 0;
	}

	/**
	 * The message for {@code bookings.settled}.
	 * @return the message
	 */
	BookingSettled toMessage() {
		return new BookingSettled(this.bookingId, this.eventId, this.userId, this.quantity, this.status, this.reason,
				this.settledAt, (this.hold != null) ? this.hold.expiresAt() : null,
				(this.hold != null) ? this.hold.amount() : null, (this.hold != null) ? this.hold.currency() : null);
	}

	/**
	 * The status cache entry clients poll.
	 * @return the entry
	 */
	CachedBooking toCachedBooking() {
		return new CachedBooking(this.bookingId, this.eventId, this.userId, this.quantity, this.status, this.reason,
				this.hold);
	}

}
