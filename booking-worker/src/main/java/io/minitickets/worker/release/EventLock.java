package io.minitickets.worker.release;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * The event's row lock that payments, expiry and cancellations take before they decide anything (DESIGN.md, "After
 * the 202": every transition is decided in Postgres under the event's row lock), so that none of them interleaves
 * with another or with a settlement of the same event. The settlement takes the same lock with a statement of its own,
 * which also reads the event's inventory.
 */
@Component
public class EventLock {

	private static final String LOCK = "select id from events where id = ? for update";

	private final JdbcTemplate jdbc;

	EventLock(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * Locks an event's row until the current transaction ends, waiting for whoever holds it.
	 * @param eventId the event
	 * @return true when it is locked now, false when there is no such event (nothing is locked)
	 * @throws IllegalStateException when no transaction is active: the lock would end with the statement
	 * @throws org.springframework.dao.DataAccessException when Postgres fails
	 */
	public boolean lock(long eventId) {
		if (!TransactionSynchronizationManager.isActualTransactionActive()) {
			throw new IllegalStateException("Event " + eventId + " can only be locked in a transaction");
		}
		return !this.jdbc.queryForList(LOCK, Long.class, eventId).isEmpty();
	}

}
