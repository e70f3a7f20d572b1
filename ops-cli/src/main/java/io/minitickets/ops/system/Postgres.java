package io.minitickets.ops.system;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;

/**
 * Opens JDBC connections to the services' database.
 */
public final class Postgres {

	private final OpsSettings settings;

	/**
	 * @param settings where the database is
	 */
	public Postgres(OpsSettings settings) {
		this.settings = settings;
	}

	/**
	 * @return a new connection in auto-commit mode; the caller closes it
	 * @throws SQLException when Postgres cannot be reached or refuses the login
	 */
	public Connection connect() throws SQLException {
		Properties properties = new Properties();
		properties.setProperty("user", this.settings.datasourceUsername());
		properties.setProperty("password", this.settings.datasourcePassword());
		properties.setProperty("connectTimeout", Long.toString(this.settings.connectTimeout().toSeconds()));
		properties.setProperty("ApplicationName", "minitickets-ops");
		return DriverManager.getConnection(this.settings.datasourceUrl(), properties);
	}

}
