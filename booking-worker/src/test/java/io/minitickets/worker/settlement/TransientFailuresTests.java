package io.minitickets.worker.settlement;

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.concurrent.TimeoutException;

import org.junit.jupiter.api.Test;
import org.springframework.dao.CannotAcquireLockException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.jdbc.CannotGetJdbcConnectionException;
import org.springframework.jdbc.UncategorizedSQLException;
import org.springframework.transaction.CannotCreateTransactionException;

import static org.assertj.core.api.Assertions.assertThat;

class TransientFailuresTests {

	@Test
	void aPoolThatCannotConnectIsTransient() {
		assertThat(TransientFailures.isTransient(new CannotCreateTransactionException("no connection",
				new SQLTransientConnectionException("pool timed out")))).isTrue();
		assertThat(TransientFailures.isTransient(new CannotGetJdbcConnectionException("no connection"))).isTrue();
	}

	@Test
	void serializationFailuresDeadlocksAndLockTimeoutsAreTransient() {
		assertThat(TransientFailures.isTransient(sql("40001"))).isTrue();
		assertThat(TransientFailures.isTransient(sql("40P01"))).isTrue();
		assertThat(TransientFailures.isTransient(new CannotAcquireLockException("lock"))).isTrue();
	}

	@Test
	void connectionFailuresAndAnAdministratorShutdownAreTransient() {
		assertThat(TransientFailures.isTransient(sql("08006"))).isTrue();
		assertThat(TransientFailures.isTransient(sql("57P01"))).isTrue();
	}

	@Test
	void aTimeoutDeepInTheCausesIsTransient() {
		assertThat(TransientFailures.isTransient(new IllegalStateException("publish failed",
				new java.util.concurrent.ExecutionException(new TimeoutException("acks"))))).isTrue();
	}

	@Test
	void aConstraintViolationIsABugNotATransientFailure() {
		assertThat(TransientFailures.isTransient(new DataIntegrityViolationException("seats_sold_within_capacity",
				new SQLException("check violated", "23514")))).isFalse();
		assertThat(TransientFailures.isTransient(new NullPointerException())).isFalse();
	}

	private static UncategorizedSQLException sql(String state) {
		return new UncategorizedSQLException("settle", "update", new SQLException("failed", state));
	}

}
