package io.minitickets.worker.payment;

import java.time.Instant;
import java.util.UUID;

import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.messaging.PaymentReceived;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * A paid event of {@value #CAPACITY} seats whose gate offers none of them, and one HELD booking of every seat, as the
 * settlement writes it, already past its expiry: what the tests of a payment meeting its hold's expiry start from.
 *
 * @param eventId the event
 * @param bookingId the due hold
 */
record DueHold(long eventId, UUID bookingId) {

	/** The event's seats, all taken by the hold. */
	static final int CAPACITY = 2;

	/** The hold's amount, minor units of EUR (25.00 a seat). */
	static final long AMOUNT = 2500L * CAPACITY;

	/**
	 * @param jdbc the worker's database
	 * @param gate the gate, given the event with no seat available
	 * @param eventName the event's name, saying which test made it
	 * @return the event and its due hold
	 */
	static DueHold create(JdbcTemplate jdbc, InventoryGate gate, String eventName) {
		Long eventId = jdbc.queryForObject("""
				insert into events (name, capacity, sale_opens_at, price, currency, hold_seconds, offer_seconds)
				values (?, ?, now(), 2500, 'EUR', 90, 900) returning id""", Long.class, eventName, CAPACITY);
		gate.load(eventId, 0);
		UUID bookingId = UUID.randomUUID();
		jdbc.update("""
				insert into bookings (id, event_id, user_id, quantity, status, gated, requested_at, hold_expires_at,
				                      amount, currency)
				values (?, ?, 1, ?, 'HELD', false, now(), now() - interval '1 second', ?, 'EUR')""", bookingId,
				eventId, CAPACITY, AMOUNT);
		jdbc.update("update events set seats_sold = seats_sold + ? where id = ?", CAPACITY, eventId);
		return new DueHold(eventId, bookingId);
	}

	/**
	 * @return a provider's succeeded payment of the whole hold, with event and payment ids of its own
	 */
	PaymentReceived paid() {
		String unique = UUID.randomUUID().toString();
		return new PaymentReceived("evt_" + unique, this.bookingId, this.eventId, true, "pi_" + unique, AMOUNT, "EUR",
				Instant.now());
	}

}
