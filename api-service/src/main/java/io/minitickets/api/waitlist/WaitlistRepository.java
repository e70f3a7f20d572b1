package io.minitickets.api.waitlist;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Optional;
import java.util.UUID;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The waiting list's SQL on api-service's side: joining, reading and leaving. It never touches seats: offers are the
 * worker's, under the event's row lock.
 */
@Repository
class WaitlistRepository {

	private static final String ENTRY = """
			select w.id, w.event_id, w.quantity, w.state, w.offer_booking_id,
			       case when w.state = 'WAITING' then
			           (select count(*) from waitlist_entries o
			            where o.event_id = w.event_id and o.state = 'WAITING'
			              and (o.joined_at, o.id) <= (w.joined_at, w.id)) end as position
			from waitlist_entries w
			where w.event_id = ? and w.user_id = ? and w.state in ('WAITING', 'OFFERED', 'TAKEN')
			order by w.joined_at desc limit 1""";

	private final JdbcClient jdbc;

	WaitlistRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * @param eventId the event
	 * @return its seats and limits; empty when there is no such event
	 */
	Optional<EventSeats> event(long eventId) {
		return this.jdbc.sql("""
				select capacity - seats_sold as free, max_per_order, per_user_limit, sale_opens_at
				from events where id = ?""")
			.param(eventId)
			.query((rs, row) -> new EventSeats(rs.getInt("free"), rs.getInt("max_per_order"),
					(Integer) rs.getObject("per_user_limit"),
					rs.getObject("sale_opens_at", OffsetDateTime.class).toInstant()))
			.optional();
	}

	/**
	 * @param eventId the event
	 * @param userId the user
	 * @return the seats the user holds (HELD) or has (CONFIRMED) of the event
	 */
	int seatsTaken(long eventId, long userId) {
		return this.jdbc.sql("""
				select coalesce(sum(quantity), 0) from bookings
				where event_id = ? and user_id = ? and status in ('HELD', 'CONFIRMED')""")
			.params(eventId, userId)
			.query(Integer.class)
			.single();
	}

	/**
	 * Adds an entry at the end of the event's list, unless the user has a live one (WAITING or OFFERED) already.
	 * @return the new entry's id; empty when the user has a live entry
	 */
	Optional<Long> join(long eventId, long userId, int quantity) {
		return this.jdbc.sql("""
				insert into waitlist_entries (event_id, user_id, quantity, joined_at)
				values (?, ?, ?, clock_timestamp())
				on conflict (event_id, user_id) where state in ('WAITING', 'OFFERED') do nothing returning id""")
			.params(eventId, userId, quantity)
			.query(Long.class)
			.optional();
	}

	/**
	 * @return the user's latest entry of the event that is live or taken (left and expired ones are not shown)
	 */
	Optional<WaitlistEntryView> entry(long eventId, long userId) {
		return this.jdbc.sql(ENTRY)
			.params(eventId, userId)
			.query((rs, row) -> new WaitlistEntryView(rs.getLong("id"), rs.getLong("event_id"), rs.getInt("quantity"),
					(Long) rs.getObject("position"), rs.getString("state"), (UUID) rs.getObject("offer_booking_id")))
			.optional();
	}

	/**
	 * Makes the user's live entry LEFT; an offer already made for it is not touched.
	 * @return true when there was one
	 */
	boolean leave(long eventId, long userId) {
		return this.jdbc.sql("""
				update waitlist_entries set state = 'LEFT'
				where event_id = ? and user_id = ? and state in ('WAITING', 'OFFERED')""")
			.params(eventId, userId)
			.update() > 0;
	}

	/**
	 * @param free capacity − seats taken (HELD + CONFIRMED) in Postgres
	 * @param maxPerOrder the most seats one booking (or entry) may ask for
	 * @param perUserLimit the most seats one user may hold, have and wait for; null for none
	 * @param saleOpensAt when its sale opens; {@link io.minitickets.core.schema.ClosedSale#OPENS_AT} once it is closed
	 */
	record EventSeats(int free, int maxPerOrder, @Nullable Integer perUserLimit, Instant saleOpensAt) {
	}

}
