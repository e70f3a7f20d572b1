package io.minitickets.core.reconcile;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import io.minitickets.core.messaging.BookingStatus;
import io.minitickets.core.messaging.RejectionReason;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionOperations;

/**
 * Records in Postgres, as {@link BookingStatus#REJECTED} for {@link RejectionReason#LEASE_EXPIRED}, the bookings of
 * expired leases that Postgres does not have, before the gate gives their seats back: a tombstone the booking worker's
 * insert reads (its insert is idempotent per booking id, so a late copy from the queue finds the booking decided), so
 * the seats of a released lease can never also be confirmed. Whoever inserts the booking id first wins: a booking the
 * worker committed since the reconciler read Postgres is not rejected, and its lease is settled with its outcome.
 * <p>
 * The insert runs in a transaction of its own (the reconciler passes one that requires a new transaction), so the
 * tombstone is committed before the gate gives the seats back and a worker inserting the same booking waits at most
 * for that one statement.
 */
public class ExpiredLeaseRejections {

	private final JdbcClient jdbc;

	private final TransactionOperations ownTransaction;

	/**
	 * @param jdbc the services' database
	 * @param ownTransaction how to run the insert: a transaction of its own that commits before this returns, or
	 * {@link TransactionOperations#withoutTransaction()} on a connection whose caller commits
	 */
	public ExpiredLeaseRejections(JdbcClient jdbc, TransactionOperations ownTransaction) {
		this.jdbc = jdbc;
		this.ownTransaction = ownTransaction;
	}

	/**
	 * Inserts a rejected booking for each lease whose booking id Postgres does not have yet.
	 * @param eventId the event of the leases
	 * @param leases the expired leases, by booking id
	 * @return the booking ids rejected now; the others were in Postgres already (the worker committed them first)
	 * @throws org.springframework.dao.DataAccessException when Postgres fails
	 */
	public Set<UUID> reject(long eventId, Map<UUID, ExpiredLease> leases) {
		Set<UUID> rejected = new HashSet<>();
		if (leases.isEmpty()) {
			return rejected;
		}
		UUID[] ids = leases.keySet().toArray(UUID[]::new);
		Long[] users = new Long[ids.length];
		Integer[] seats = new Integer[ids.length];
		for (int i = 0; i < ids.length; i++) {
			users[i] = leases.get(ids[i]).userId();
			seats[i] = leases.get(ids[i]).seats();
		}
		this.ownTransaction.executeWithoutResult((status) -> this.jdbc.sql("""
				insert into bookings (id, event_id, user_id, quantity, status, reason, gated, requested_at, settled_at)
				select l.id, :eventId, l.user_id, l.quantity, :status, :reason, true, now(), now()
				from unnest(cast(:ids as uuid[]), cast(:users as bigint[]), cast(:seats as integer[]))
				     as l(id, user_id, quantity)
				on conflict (id) do nothing
				returning id""")
			.param("eventId", eventId)
			.param("status", BookingStatus.REJECTED.name())
			.param("reason", RejectionReason.LEASE_EXPIRED.name())
			.param("ids", ids)
			.param("users", users)
			.param("seats", seats)
			.query((rs) -> {
				rejected.add(rs.getObject("id", UUID.class));
			}));
		return rejected;
	}

	/**
	 * An expired lease as the gate holds it.
	 *
	 * @param seats seats it holds
	 * @param userId the user it was taken for; 0 when the gate recorded none
	 */
	public record ExpiredLease(int seats, long userId) {
	}

}
