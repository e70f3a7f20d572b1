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
 * The reconciler's reads of Postgres, and its claims and bookkeeping in {@code inventory_reconciliation}.
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
	 * Every registered event whose sale is open, least recently checked first, with what a pass needs to order and
	 * retire it. One row per event and no lock: cheap next to checking one event.
	 * @return the candidates of a pass
	 */
	List<ScopeCandidate> candidates() {
		return this.jdbc.sql("""
				select r.event_id, r.retired_at is not null as retired, e.seats_sold, e.capacity,
				       r.seats_sold_checked is distinct from e.seats_sold as sold_since_check
				from inventory_reconciliation r
				join events e on e.id = r.event_id
				where e.sale_opens_at <= now()
				order by r.last_checked_at, r.event_id""")
			.query((rs, row) -> new ScopeCandidate(rs.getLong("event_id"), rs.getBoolean("retired"),
					rs.getInt("seats_sold"), rs.getInt("capacity"), rs.getBoolean("sold_since_check")))
			.list();
	}

	/**
	 * Claims the first events of a priority order, skipping those another transaction holds. Must run inside a
	 * transaction: the claim lasts until it ends.
	 * @param byPriority event ids, the ones to check first first
	 * @param limit the most events to claim
	 * @return the claimed event ids, in the given order
	 */
	List<Long> claim(List<Long> byPriority, int limit) {
		if (byPriority.isEmpty()) {
			return List.of();
		}
		return this.jdbc.sql("""
				select r.event_id from inventory_reconciliation r
				join unnest(cast(:ids as bigint[])) with ordinality as p(event_id, rank) on p.event_id = r.event_id
				order by p.rank
				limit :limit
				for update of r skip locked""")
			.param("ids", byPriority.toArray(Long[]::new))
			.param("limit", limit)
			.query(Long.class)
			.list();
	}

	/**
	 * Records that events were reconciled now: sends them to the back of their group, remembers the seats sold their
	 * check saw, and retires or un-retires them.
	 * @param events events claimed by the caller's transaction and reconciled
	 */
	void markReconciled(List<ReconciledEvent> events) {
		if (events.isEmpty()) {
			return;
		}
		this.jdbc.sql("""
				update inventory_reconciliation r
				set last_checked_at = now(), seats_sold_checked = c.seats_sold,
				    retired_at = case when c.retire then coalesce(r.retired_at, now()) end
				from unnest(cast(:ids as bigint[]), cast(:sold as integer[]), cast(:retire as boolean[]))
				     as c(event_id, seats_sold, retire)
				where r.event_id = c.event_id""")
			.param("ids", events.stream().map(ReconciledEvent::eventId).toArray(Long[]::new))
			.param("sold", events.stream().map(ReconciledEvent::seatsSold).toArray(Integer[]::new))
			.param("retire", events.stream().map(ReconciledEvent::retire).toArray(Boolean[]::new))
			.update();
	}

	/**
	 * Records that events were tried now (their reconcile failed), which sends them to the back of their group; they
	 * are not retired, and seats sold since their last good check keep them active.
	 * @param eventIds events claimed by the caller's transaction
	 */
	void markChecked(Collection<Long> eventIds) {
		if (eventIds.isEmpty()) {
			return;
		}
		this.jdbc.sql("""
				update inventory_reconciliation set last_checked_at = now(), retired_at = null
				where event_id = any(:ids)""")
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

	/**
	 * One event a pass reconciled.
	 *
	 * @param eventId the event
	 * @param seatsSold seats sold as read before its reconcile
	 * @param retire whether to retire it (see {@link ReconcileScope#retires})
	 */
	record ReconciledEvent(long eventId, int seatsSold, boolean retire) {
	}

}
