package io.minitickets.reconciler.inventory;

import java.util.UUID;

import io.minitickets.core.messaging.BookingStatus;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Events and settled bookings written with plain SQL, as api-service and the booking worker would leave them.
 */
final class SaleFixture {

	private final JdbcClient jdbc;

	SaleFixture(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	long openEvent(int capacity) {
		return event(capacity, "now() - interval '1 minute'");
	}

	long eventOpeningTomorrow(int capacity) {
		return event(capacity, "now() + interval '1 day'");
	}

	private long event(int capacity, String saleOpensAt) {
		return this.jdbc
			.sql("insert into events (name, capacity, sale_opens_at) values ('Test sale', :capacity, " + saleOpensAt
					+ ") returning id")
			.param("capacity", capacity)
			.query(Long.class)
			.single();
	}

	/**
	 * Records a booking as the worker decided it, in one statement: the row and, when confirmed, its seats.
	 */
	void settled(long eventId, UUID bookingId, int quantity, BookingStatus status) {
		this.jdbc.sql("""
				with booking as (
				  insert into bookings (id, event_id, user_id, quantity, status, gated, requested_at)
				  values (:id, :eventId, 1, :quantity, :status, true, now())
				  returning quantity, status)
				update events set seats_sold = seats_sold
				  + (select case when status = 'CONFIRMED' then quantity else 0 end from booking)
				where id = :eventId""")
			.param("id", bookingId)
			.param("eventId", eventId)
			.param("quantity", quantity)
			.param("status", status.name())
			.update();
	}

	/**
	 * Settles a booking like the worker: confirmed while seats remain and {@code allowed} (false stands for a
	 * per-user limit), rejected otherwise; row and seats in one statement.
	 * @return what Postgres decided
	 */
	BookingStatus decide(long eventId, UUID bookingId, int quantity, boolean allowed) {
		String status = this.jdbc.sql("""
				with taken as (
				  update events set seats_sold = seats_sold + :quantity
				  where id = :eventId and seats_sold + :quantity <= capacity and :allowed
				  returning id)
				insert into bookings (id, event_id, user_id, quantity, status, reason, gated, requested_at)
				select :id, :eventId, 1, :quantity,
				  case when exists (select 1 from taken) then 'CONFIRMED' else 'REJECTED' end,
				  case when exists (select 1 from taken) then null else 'SOLD_OUT' end, true, now()
				returning status""")
			.param("id", bookingId)
			.param("eventId", eventId)
			.param("quantity", quantity)
			.param("allowed", allowed)
			.query(String.class)
			.single();
		return BookingStatus.valueOf(status);
	}

	long seatsSold(long eventId) {
		return this.jdbc.sql("select seats_sold from events where id = :id").param("id", eventId).query(Long.class)
			.single();
	}

	void forgetEverything() {
		this.jdbc.sql("truncate events, bookings, inventory_reconciliation").update();
	}

}
