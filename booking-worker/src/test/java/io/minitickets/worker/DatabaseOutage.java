package io.minitickets.worker;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

import io.minitickets.core.testing.TestInfrastructure;

/**
 * A real outage of a test's own Postgres database: it refuses new connections ({@code ALLOW_CONNECTIONS false}) and
 * its backends are terminated; other tests' databases are untouched.
 */
public final class DatabaseOutage {

	private DatabaseOutage() {
	}

	/**
	 * Starts the outage.
	 * @param databaseUrl the test's {@code spring.datasource.url}
	 * @throws SQLException when the admin connection fails
	 */
	public static void begin(String databaseUrl) throws SQLException {
		String database = databaseName(databaseUrl);
		admin("alter database " + database + " allow_connections false");
		admin("select pg_terminate_backend(pid) from pg_stat_activity where datname = '" + database + "'");
	}

	/**
	 * Ends the outage.
	 * @param databaseUrl the test's {@code spring.datasource.url}
	 * @throws SQLException when the admin connection fails
	 */
	public static void end(String databaseUrl) throws SQLException {
		admin("alter database " + databaseName(databaseUrl) + " allow_connections true");
	}

	private static String databaseName(String databaseUrl) {
		return databaseUrl.substring(databaseUrl.lastIndexOf('/') + 1);
	}

	private static void admin(String sql) throws SQLException {
		try (Connection connection = DriverManager.getConnection(TestInfrastructure.postgresAdminUrl(),
				TestInfrastructure.postgresUser(), ""); Statement statement = connection.createStatement()) {
			statement.execute(sql);
		}
	}

}
