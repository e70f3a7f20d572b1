package io.minitickets.ops;

import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.messaging.BookingRequested;
import io.minitickets.core.messaging.BookingTopics;
import io.minitickets.core.messaging.PaymentReceived;
import io.minitickets.core.testing.TopicReading;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.kafka.core.KafkaTemplate;

import static org.awaitility.Awaitility.await;

/**
 * Paid events and their bookings, made the way production makes them: the booking request and the payment go through
 * Kafka to the real worker of the test context, which settles the booking HELD and confirms it on the payment.
 *
 * @param jdbc the test database
 * @param kafka the test broker
 * @param gate the gate, loaded for each new event
 * @param timeout the longest an outcome is awaited
 */
public record PaidBookings(JdbcTemplate jdbc, KafkaTemplate<Object, Object> kafka, InventoryGate gate,
		Duration timeout) {

	/** The price of a seat, in cents of EUR. */
	public static final long PRICE = 2500;

	/**
	 * @param capacity seats
	 * @param price per seat in minor units of EUR; 0 for a free event
	 * @return a new event on sale, its gate loaded
	 */
	public long event(int capacity, long price) {
		Long id = this.jdbc.queryForObject("""
				insert into events (name, capacity, sale_opens_at, price, currency, hold_seconds)
				values ('ops paid test', ?, now(), ?, 'EUR', 600) returning id""", Long.class, capacity, price);
		this.gate.load(id, capacity);
		return id;
	}

	/**
	 * Books through {@code bookings.requested} and waits until the worker settled it.
	 * @param eventId the event
	 * @param userId the user
	 * @param quantity seats
	 * @param status what the worker settles it as: HELD (paid event) or CONFIRMED (free event)
	 * @return the booking's id
	 */
	public UUID book(long eventId, long userId, int quantity, String status) {
		UUID bookingId = UUID.randomUUID();
		TopicReading.acknowledged(this.kafka.send(BookingTopics.REQUESTED, Long.toString(eventId),
				BookingRequested.of(bookingId, eventId, userId, quantity, Instant.now(), false)), this.timeout);
		awaitStatus(bookingId, status);
		return bookingId;
	}

	/**
	 * Pays a HELD booking through {@code payments.received}, as a webhook would, and waits for the worker.
	 * @param eventId the event
	 * @param bookingId the booking
	 * @param quantity its seats (the amount is {@link #PRICE} × quantity)
	 * @param succeeded true for a successful payment (the booking becomes CONFIRMED), false for a declined one
	 * @return the provider payment id
	 */
	public String pay(long eventId, UUID bookingId, int quantity, boolean succeeded) {
		String paymentId = "pi_" + UUID.randomUUID();
		String providerEventId = "evt_" + UUID.randomUUID();
		TopicReading.acknowledged(this.kafka.send(BookingTopics.PAYMENTS_RECEIVED, Long.toString(eventId),
				new PaymentReceived(providerEventId, bookingId, eventId, succeeded, paymentId, PRICE * quantity,
						"EUR", Instant.now())), this.timeout);
		await().atMost(this.timeout).until(() -> count("select count(*) from payments where provider_event_id = ?",
				providerEventId) == 1);
		return paymentId;
	}

	/**
	 * Adds a WAITING entry to an event's waiting list, as api-service does.
	 * @param eventId the event
	 * @param userId the user
	 * @param quantity seats wanted
	 * @return the entry's id
	 */
	public long join(long eventId, long userId, int quantity) {
		return this.jdbc.queryForObject("""
				insert into waitlist_entries (event_id, user_id, quantity) values (?, ?, ?) returning id""", Long.class,
				eventId, userId, quantity);
	}

	/**
	 * @param bookingId the booking
	 * @param status the status awaited
	 */
	public void awaitStatus(UUID bookingId, String status) {
		await().atMost(this.timeout).until(() -> status.equals(status(bookingId)));
	}

	/**
	 * @param bookingId the booking
	 * @return its status in Postgres, null when it is not there
	 */
	public String status(UUID bookingId) {
		return this.jdbc.query("select status from bookings where id = ?", (rs, row) -> rs.getString(1), bookingId)
			.stream()
			.findFirst()
			.orElse(null);
	}

	/**
	 * @param sql a count
	 * @param args its arguments
	 * @return the count
	 */
	public long count(String sql, Object... args) {
		Long count = this.jdbc.queryForObject(sql, Long.class, args);
		return (count != null) ? count : 0;
	}

}
