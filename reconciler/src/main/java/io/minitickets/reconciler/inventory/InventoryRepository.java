package io.minitickets.reconciler.inventory;

import java.sql.Array;
import java.sql.SQLException;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import io.minitickets.core.messaging.BookingStatus;
import org.springframework.dao.EmptyResultDataAccessException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The reconciler's reads of Postgres, and its round-robin claims in {@code inventory_reconciliation}.
 * <p>
 * Only reads of {@code events} and {@code bookings}: Postgres is the truth, and the reconciler never takes a lock the
 * booking worker waits for. Claims lock only the reconciler's own rows, for as long as the caller's transaction.
 */
@Repository
class InventoryRepository {

	private final JdbcClient jdbc;

	InventoryRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * Adds a claim row for every event whose sale has opened and that has none yet. Safe to run from several
	 * instances at once.
	 * @return how many events were added
	 */
	int registerOpenEvents() {
		return this.jdbc.sql("""
				insert into inventory_reconciliation (event_id)
				select e.id from events e
				where e.sale_opens_at <= now()
				  and not exists (select 1 from inventory_reconciliation r where r.event_id = e.id)
				on conflict do nothing""").update();
	}

	/**
	 * Claims the least recently checked events whose sale is open, skipping those another transaction holds. Must run
	 * inside a transaction: the claim lasts until it ends.
	 * @param limit the most events to claim
	 * @return event ids, least recently checked first
	 */
	List<Long> claim(int limit) {
		return this.jdbc.sql("""
				select r.event_id from inventory_reconciliation r
				join events e on e.id = r.event_id
				where e.sale_opens_at <= now()
				order by r.last_checked_at, r.event_id
				limit :limit
				for update of r skip locked""").param("limit", limit).query(Long.class).list();
	}

	/**
	 * Records that events were checked now, which sends them to the back of the round-robin.
	 * @param eventIds events claimed by the caller's transaction
	 */
	void markChecked(Collection<Long> eventIds) {
		if (eventIds.isEmpty()) {
			return;
		}
		this.jdbc.sql("update inventory_reconciliation set last_checked_at = now() where event_id = any(:ids)")
			.param("ids", eventIds.toArray(Long[]::new))
			.update();
	}

	/**
	 * Which of the given bookings Postgres has settled, and how.
	 * @param eventId the event they belong to
	 * @param bookingIds bookings to look up
	 * @return the settled ones, by id
	 */
	Map<UUID, SettledBooking> findSettled(long eventId, Collection<UUID> bookingIds) {
		Map<UUID, SettledBooking> settled = new HashMap<>();
		if (bookingIds.isEmpty()) {
			return settled;
		}
		this.jdbc.sql("select id, status, quantity from bookings where event_id = :eventId and id = any(:ids)")
			.param("eventId", eventId)
			.param("ids", bookingIds.toArray(UUID[]::new))
			.query((rs) -> {
				settled.put(rs.getObject("id", UUID.class),
						new SettledBooking(BookingStatus.valueOf(rs.getString("status")), rs.getInt("quantity")));
			});
		return settled;
	}

	/**
	 * Reads an event's seats left and which of the given leased bookings are already confirmed, in one statement so
	 * that a booking committed meanwhile is seen by both parts or by neither.
	 * @param eventId the event
	 * @param leasedBookingIds bookings holding a lease in the gate
	 * @return capacity − confirmed, and the confirmed ones among the leased bookings
	 * @throws EmptyResultDataAccessException when the event does not exist
	 */
	EventTruth truth(long eventId, Collection<UUID> leasedBookingIds) {
		return this.jdbc.sql("""
				select e.capacity - e.seats_sold as capacity_left,
				       array(select b.id from bookings b
				             where b.event_id = e.id and b.id = any(:ids) and b.status = 'CONFIRMED') as confirmed
				from events e where e.id = :eventId""")
			.param("eventId", eventId)
			.param("ids", leasedBookingIds.toArray(UUID[]::new))
			.query((rs, row) -> new EventTruth(rs.getLong("capacity_left"), uuids(rs.getArray("confirmed"))))
			.single();
	}

	private static Set<UUID> uuids(Array array) throws SQLException {
		try {
			return Set.of((UUID[]) array.getArray());
		}
		finally {
			array.free();
		}
	}

}
