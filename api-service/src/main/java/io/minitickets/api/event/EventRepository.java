package io.minitickets.api.event;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Events in Postgres.
 */
@Repository
public class EventRepository {

	private static final String COLUMNS = "id, name, capacity, seats_sold, sale_opens_at, max_per_order, per_user_limit,"
			+ " price, currency, hold_seconds, offer_seconds, cancellable_until";

	private final JdbcClient jdbc;

	EventRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * @param id the event
	 * @return the event, or empty
	 */
	public Optional<Event> find(long id) {
		return this.jdbc.sql("select " + COLUMNS + " from events where id = ?").param(id).query(Event.class).optional();
	}

	/**
	 * @param limit the most to return
	 * @param offset how many to skip (a long: page × size of the largest pages does not fit an int)
	 * @return events, soonest sale first
	 */
	public List<Event> list(int limit, long offset) {
		return this.jdbc.sql("select " + COLUMNS + " from events order by sale_opens_at, id limit ? offset ?")
			.params(limit, offset)
			.query(Event.class)
			.list();
	}

	/**
	 * @param name its name
	 * @param capacity seats in all
	 * @param saleOpensAt when the sale opens
	 * @param maxPerOrder the most seats per booking
	 * @param perUserLimit the most seats per user; null for none
	 * @param terms what a seat costs and how long holds, offers and cancellations last
	 * @return the new event
	 */
	public Event create(String name, int capacity, Instant saleOpensAt, int maxPerOrder,
			@Nullable Integer perUserLimit, EventTerms terms) {
		return this.jdbc
			.sql("insert into events (name, capacity, sale_opens_at, max_per_order, per_user_limit, price, currency,"
					+ " hold_seconds, offer_seconds, cancellable_until)"
					+ " values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning " + COLUMNS)
			.params(name, capacity, Timestamp.from(saleOpensAt), maxPerOrder, perUserLimit, terms.price(),
					terms.currency(), terms.holdSeconds(), terms.offerSeconds(),
					(terms.cancellableUntil() != null) ? Timestamp.from(terms.cancellableUntil()) : null)
			.query(Event.class)
			.single();
	}

}
