package io.minitickets.worker.release;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

import javax.sql.DataSource;

import io.minitickets.worker.WorkerIntegrationTestSupport;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * The one event lock of payments, expiry and cancellations: it holds the event's row until its transaction ends, so
 * another transaction cannot lock the row meanwhile; a missing event locks nothing; outside a transaction it refuses
 * (the lock would end with the statement).
 */
class EventLockIntegrationTests extends WorkerIntegrationTestSupport {

	@Autowired
	private EventLock eventLock;

	@Autowired
	private PlatformTransactionManager transactionManager;

	@Autowired
	private DataSource dataSource;

	@Test
	void holdsTheEventRowUntilItsTransactionEnds() throws SQLException {
		long eventId = createEvent(10, null);
		TransactionTemplate transactions = new TransactionTemplate(this.transactionManager);

		Boolean othersLocked = transactions.execute((status) -> {
			assertThat(this.eventLock.lock(eventId)).isTrue();
			return lockedByAnother(eventId);
		});

		assertThat(othersLocked).as("another transaction's lock while it is held").isFalse();
		assertThat(lockedByAnother(eventId)).as("another transaction's lock once it committed").isTrue();
	}

	@Test
	void locksNothingForAnEventThatDoesNotExist() {
		Boolean locked = new TransactionTemplate(this.transactionManager)
			.execute((status) -> this.eventLock.lock(Long.MAX_VALUE));

		assertThat(locked).isFalse();
	}

	@Test
	void refusesToLockOutsideATransaction() {
		long eventId = createEvent(10, null);

		assertThatIllegalStateException().isThrownBy(() -> this.eventLock.lock(eventId))
			.withMessageContaining("in a transaction");
	}

	private boolean lockedByAnother(long eventId) {
		try (Connection connection = this.dataSource.getConnection(); Statement statement = connection.createStatement()) {
			connection.setAutoCommit(false);
			try {
				statement.executeQuery("select id from events where id = " + eventId + " for update nowait").close();
				return true;
			}
			catch (SQLException ex) {
				assertThat(ex.getSQLState()).as("lock_not_available").isEqualTo("55P03");
				return false;
			}
			finally {
				connection.rollback();
			}
		}
		catch (SQLException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
