package io.minitickets.reconciler.inventory;

import java.util.Collection;
import java.util.List;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The reconciler's reads of Postgres, and its claims and bookkeeping in {@code inventory_reconciliation}.
 * <p>
 * Reads of {@code events} (the reads a reconcile itself needs are booking-core's {@code InventoryTruths}); the
 * reconciler never takes a lock the booking worker waits for. Claims lock only the reconciler's own rows, for as long
 * as the caller's transaction.
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
	 * One event a pass reconciled.
	 *
	 * @param eventId the event
	 * @param seatsSold seats sold as read before its reconcile
	 * @param retire whether to retire it (see {@link ReconcileScope#retires})
	 */
	record ReconciledEvent(long eventId, int seatsSold, boolean retire) {
	}

}
