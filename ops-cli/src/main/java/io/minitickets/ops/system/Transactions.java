package io.minitickets.ops.system;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * One transaction on a connection the caller keeps: auto-commit off, the work, commit; on any failure a rollback and
 * the failure; auto-commit on again in every case, so that the connection serves the command's next statements as
 * before.
 */
public final class Transactions {

	private Transactions() {
	}

	/**
	 * Runs the work in one transaction and commits it. Work that finds there is nothing to do may roll back itself
	 * before it returns: the commit that follows then has nothing to commit.
	 * @param <T> what the work returns
	 * @param connection Postgres, in auto-commit mode
	 * @param work the statements
	 * @return what the work returned, once committed
	 * @throws SQLException when Postgres fails (rolled back)
	 */
	public static <T> T inTransaction(Connection connection, Work<T> work) throws SQLException {
		connection.setAutoCommit(false);
		try {
			T result = work.run(connection);
			connection.commit();
			return result;
		}
		catch (SQLException | RuntimeException ex) {
			connection.rollback();
			throw ex;
		}
		finally {
			connection.setAutoCommit(true);
		}
	}

	/**
	 * The statements of one transaction.
	 * @param <T> what they return
	 */
	@FunctionalInterface
	public interface Work<T> {

		/**
		 * @param connection the connection, its transaction open
		 * @return the outcome
		 * @throws SQLException when Postgres fails
		 */
		T run(Connection connection) throws SQLException;

	}

}
