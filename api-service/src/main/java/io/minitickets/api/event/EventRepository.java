package io.minitickets.api.event;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import io.minitickets.core.schema.ClosedSale;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Events in Postgres.
 */
@Repository
public class EventRepository {

	private static final String COLUMNS = "id, name, capacity, seats_sold, sale_opens_at, max_per_order, per_user_limit,"
			+ " price, currency, hold_seconds, offer_seconds, cancellable_until, waiting_room_enabled,"
			+ " waiting_room_opens_at, admission_mode, admission_per_second, admitted_for_seconds";

	private static final RowMapper<Event> EVENT = EventRepository::event;

	private final JdbcClient jdbc;

	EventRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * @param id the event
	 * @return the event, or empty
	 */
	public Optional<Event> find(long id) {
		return this.jdbc.sql("select " + COLUMNS + " from events where id = ?").param(id).query(EVENT).optional();
	}

	/**
	 * @param limit the most to return
	 * @param offset how many to skip (a long: page × size of the largest pages does not fit an int)
	 * @return events, soonest sale first
	 */
	public List<Event> list(int limit, long offset) {
		return this.jdbc.sql("select " + COLUMNS + " from events order by sale_opens_at, id limit ? offset ?")
			.params(limit, offset)
			.query(EVENT)
			.list();
	}

	/**
	 * @param name its name
	 * @param capacity seats in all
	 * @param saleOpensAt when the sale opens
	 * @param maxPerOrder the most seats per booking
	 * @param perUserLimit the most seats per user; null for none
	 * @param terms what a seat costs and how long holds, offers and cancellations last
	 * @param waitingRoom its waiting room; null for none
	 * @return the new event
	 */
	public Event create(String name, int capacity, Instant saleOpensAt, int maxPerOrder,
			@Nullable Integer perUserLimit, EventTerms terms, @Nullable WaitingRoom waitingRoom) {
		return this.jdbc
			.sql("insert into events (name, capacity, sale_opens_at, max_per_order, per_user_limit, price, currency,"
					+ " hold_seconds, offer_seconds, cancellable_until, waiting_room_enabled, waiting_room_opens_at,"
					+ " admission_mode, admission_per_second, admitted_for_seconds)"
					+ " values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning " + COLUMNS)
			.params(name, capacity, Timestamp.from(saleOpensAt), maxPerOrder, perUserLimit, terms.price(),
					terms.currency(), terms.holdSeconds(), terms.offerSeconds(), timestamp(terms.cancellableUntil()),
					waitingRoom != null && waitingRoom.enabled(),
					(waitingRoom != null) ? timestamp(waitingRoom.opensAt()) : null,
					(waitingRoom != null) ? waitingRoom.admission().mode() : null,
					(waitingRoom != null) ? waitingRoom.admission().perSecond() : null,
					(waitingRoom != null) ? waitingRoom.admittedForSeconds() : null)
			.query(EVENT)
			.single();
	}

	/**
	 * Sets or replaces an event's waiting room. Other instances' event caches see it within their TTL.
	 * @param id the event
	 * @param waitingRoom its waiting room; null for none
	 * @return the event, or empty when there is none
	 */
	public Optional<Event> setWaitingRoom(long id, @Nullable WaitingRoom waitingRoom) {
		return this.jdbc
			.sql("update events set waiting_room_enabled = ?, waiting_room_opens_at = ?, admission_mode = ?,"
					+ " admission_per_second = ?, admitted_for_seconds = ? where id = ? returning " + COLUMNS)
			.params(waitingRoom != null && waitingRoom.enabled(),
					(waitingRoom != null) ? timestamp(waitingRoom.opensAt()) : null,
					(waitingRoom != null) ? waitingRoom.admission().mode() : null,
					(waitingRoom != null) ? waitingRoom.admission().perSecond() : null,
					(waitingRoom != null) ? waitingRoom.admittedForSeconds() : null, id)
			.query(EVENT)
			.optional();
	}

	/**
	 * @param now the current time
	 * @return the events whose waiting room is enabled and whose sale is open at {@code now} (opened, not closed)
	 */
	public List<Event> openWaitingRooms(Instant now) {
		return this.jdbc
			.sql("select " + COLUMNS + " from events where waiting_room_enabled and sale_opens_at <= ?"
					+ " and sale_opens_at < ? order by id")
			.params(Timestamp.from(now), Timestamp.from(ClosedSale.OPENS_AT))
			.query(EVENT)
			.list();
	}

	private static @Nullable Timestamp timestamp(@Nullable Instant instant) {
		return (instant != null) ? Timestamp.from(instant) : null;
	}

	private static Event event(ResultSet row, int rowNumber) throws SQLException {
		Timestamp cancellableUntil = row.getTimestamp("cancellable_until");
		WaitingRoom waitingRoom = null;
		String mode = row.getString("admission_mode");
		if (mode != null) {
			Timestamp opensAt = row.getTimestamp("waiting_room_opens_at");
			waitingRoom = new WaitingRoom(row.getBoolean("waiting_room_enabled"),
					(opensAt != null) ? opensAt.toInstant() : null,
					new WaitingRoom.Admission(mode, row.getObject("admission_per_second", Integer.class)),
					row.getInt("admitted_for_seconds"));
		}
		return new Event(row.getLong("id"), row.getString("name"), row.getInt("capacity"), row.getInt("seats_sold"),
				row.getTimestamp("sale_opens_at").toInstant(), row.getInt("max_per_order"),
				row.getObject("per_user_limit", Integer.class), row.getLong("price"), row.getString("currency"),
				row.getInt("hold_seconds"), row.getInt("offer_seconds"),
				(cancellableUntil != null) ? cancellableUntil.toInstant() : null, waitingRoom);
	}

}
