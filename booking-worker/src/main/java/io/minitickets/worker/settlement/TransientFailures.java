package io.minitickets.worker.settlement;

import java.sql.SQLException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransientException;
import java.util.Set;
import java.util.concurrent.TimeoutException;

import org.apache.kafka.common.errors.RetriableException;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.RecoverableDataAccessException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.transaction.CannotCreateTransactionException;

/**
 * Tells failures that go away by themselves (the database or the broker briefly unreachable) from failures that are
 * bugs. Both are retried without end and never dead-lettered; the difference is how loudly they are logged.
 */
final class TransientFailures {

	/**
	 * SQL states that mean "try again": serialization failure, deadlock, admin shutdown, crash shutdown, cannot
	 * connect now, and the database refusing connections.
	 * @see <a href="https://www.postgresql.org/docs/current/errcodes-appendix.html">PostgreSQL error codes</a>
	 */
	private static final Set<String> TRANSIENT_SQL_STATES = Set.of("40001", "40P01", "57P01", "57P02", "57P03",
			"55000");

	private TransientFailures() {
	}

	/**
	 * Whether a failure, or any of its causes, is transient.
	 * @param failure the failure, or null
	 * @return true when some cause is a connection failure, a transient or recoverable data access failure, a broker
	 * failure the Kafka client calls retriable, a timeout, or an SQL exception with a transient SQL state (class 08,
	 * 40001, 40P01, 57P01–57P03, 55000); false otherwise
	 */
	static boolean isTransient(@Nullable Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = (cause.getCause() != cause) ? cause.getCause() : null) {
			if (isTransientItself(cause)) {
				return true;
			}
		}
		return false;
	}

	private static boolean isTransientItself(Throwable failure) {
		if (failure instanceof TransientDataAccessException || failure instanceof RecoverableDataAccessException
				|| failure instanceof DataAccessResourceFailureException
				|| failure instanceof CannotCreateTransactionException || failure instanceof RetriableException
				|| failure instanceof TimeoutException || failure instanceof SQLTransientException
				|| failure instanceof SQLRecoverableException) {
			return true;
		}
		if (failure instanceof SQLException sql && sql.getSQLState() != null) {
			return sql.getSQLState().startsWith("08") || TRANSIENT_SQL_STATES.contains(sql.getSQLState());
		}
		return false;
	}

}
