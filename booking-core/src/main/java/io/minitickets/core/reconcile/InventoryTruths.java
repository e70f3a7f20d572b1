package io.minitickets.core.reconcile;

import java.sql.Array;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.messaging.BookingStatus;
import org.springframework.dao.EmptyResultDataAccessException;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The reads of Postgres a reconcile needs: {@code events} and {@code bookings} only, never a lock the booking worker
 * waits for. Postgres is the truth.
 */
public class InventoryTruths {

	private final JdbcClient jdbc;

	private final Duration returnMemory;

	/**
	 * @param jdbc the services' database
	 * @param returnMemory how far back the bookings that ended are read with the truth, for the reconcile to mark them
	 * as returned ({@link InventoryGate#returnWindow()}: past it, a RETURN is no longer applied)
	 */
	public InventoryTruths(JdbcClient jdbc, Duration returnMemory) {
		this.jdbc = jdbc;
		this.returnMemory = returnMemory;
	}

	/**
	 * Which of the given bookings Postgres has settled, and how.
	 * @param eventId the event they belong to
	 * @param bookingIds bookings to look up
	 * @return the settled ones, by id
	 */
	public Map<UUID, SettledBooking> findSettled(long eventId, Collection<UUID> bookingIds) {
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
	 * Reads an event's capacity, seats taken (HELD + CONFIRMED), which of the given leased bookings already took their
	 * seats (any status but REJECTED: an ended one took them, and its RETURN gives them back), and which bookings
	 * ended after taking seats within the return window, in one statement so that a booking committed meanwhile is
	 * seen by all parts or by none. The ended ones are found by {@code bookings_ended_idx}.
	 * <p>
	 * The leased ids are joined as a relation ({@code unnest}), not tested with {@code id = any(...)}: with the array
	 * a bound parameter (a generic plan) and statistics that lag a sale's inserts, Postgres scanned the event's
	 * confirmed bookings by the partial index and tested each against the whole array, time growing with leases ×
	 * confirmed bookings (81 s for this one statement in a bench run with ~280,000 leases; on a scratch database with
	 * 200,000 confirmed bookings, 8,000 leases took 22 s). Joined, it is a hash join or index lookups, linear: 1.6 s
	 * for 201,000 leases there (docs/BENCHMARKS.md, "Reconcile pass with many live leases").
	 * @param eventId the event
	 * @param leasedBookingIds bookings holding a lease in the gate
	 * @return the event's truth
	 * @throws EmptyResultDataAccessException when the event does not exist
	 */
	public EventTruth truth(long eventId, Collection<UUID> leasedBookingIds) {
		return this.jdbc.sql("""
				select e.capacity, e.seats_sold,
				       array(select b.id from unnest(cast(:ids as uuid[])) as leased(id) join bookings b on b.id = leased.id
				             where b.event_id = e.id and b.status <> 'REJECTED') as confirmed,
				       array(select b.id from bookings b
				             where b.event_id = e.id and b.ended_at > now() - make_interval(secs => :memory)) as ended
				from events e where e.id = :eventId""")
			.param("eventId", eventId)
			.param("ids", leasedBookingIds.toArray(UUID[]::new))
			.param("memory", (double) this.returnMemory.toMillis() / 1000)
			.query((rs, row) -> new EventTruth(rs.getLong("capacity"), rs.getLong("seats_sold"),
					uuids(rs.getArray("confirmed")), uuids(rs.getArray("ended"))))
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
