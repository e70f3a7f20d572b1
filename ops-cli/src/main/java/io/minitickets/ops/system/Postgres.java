package io.minitickets.ops.system;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;

/**
 * Opens JDBC connections to the services' database.
 */
public final class Postgres {

	/** SQLSTATE 3D000: the database named in the URL does not exist. */
	private static final String INVALID_CATALOG_NAME = "3D000";

	/** SQLSTATE class 08: the server cannot be reached, or dropped the connection. */
	private static final String CONNECTION_EXCEPTION = "08";

	/** SQLSTATE class 28: the login is refused. */
	private static final String INVALID_AUTHORIZATION = "28";

	private final OpsSettings settings;

	/**
	 * @param settings where the database is
	 */
	public Postgres(OpsSettings settings) {
		this.settings = settings;
	}

	/**
	 * @return a new connection in auto-commit mode; the caller closes it
	 * @throws UnreachableException when Postgres cannot be reached, has no database of that name, refuses the login or
	 * refuses the connection otherwise (too many clients): said in a sentence, without the driver's exception type
	 */
	public Connection connect() {
		Properties properties = new Properties();
		properties.setProperty("user", this.settings.datasourceUsername());
		properties.setProperty("password", this.settings.datasourcePassword());
		properties.setProperty("connectTimeout", Long.toString(this.settings.connectTimeout().toSeconds()));
		properties.setProperty("ApplicationName", "minitickets-ops");
		String url = this.settings.datasourceUrl();
		try {
			return DriverManager.getConnection(url, properties);
		}
		catch (SQLException ex) {
			String state = String.valueOf(ex.getSQLState());
			if (state.equals(INVALID_CATALOG_NAME)) {
				throw new UnreachableException("no MiniTickets database '" + database(url) + "' at " + server(url)
						+ ": is the stack up? (./minitickets up)", ex);
			}
			if (state.startsWith(CONNECTION_EXCEPTION)) {
				throw new UnreachableException("Postgres at " + server(url) + " does not answer: is the stack up? "
						+ "(./minitickets up)", ex);
			}
			if (state.startsWith(INVALID_AUTHORIZATION)) {
				throw new UnreachableException("Postgres at " + server(url) + " refused the login of '"
						+ this.settings.datasourceUsername()
						+ "': check SPRING_DATASOURCE_USERNAME and SPRING_DATASOURCE_PASSWORD", ex);
			}
			// any other refusal (FATAL: sorry, too many clients already) in Postgres's words, without the driver's type
			throw new UnreachableException("Postgres at " + server(url) + " refused the connection: " + ex.getMessage(),
					ex);
		}
	}

	/** {@code host:port} of a {@code jdbc:postgresql://host:port/database?…} URL, or the URL without its query. */
	private static String server(String url) {
		String rest = url.replaceFirst("^jdbc:postgresql://", "");
		int slash = rest.indexOf('/');
		return (slash >= 0) ? rest.substring(0, slash) : rest.replaceFirst("\\?.*$", "");
	}

	/** The database of a {@code jdbc:postgresql://host:port/database?…} URL. */
	private static String database(String url) {
		String rest = url.replaceFirst("^jdbc:postgresql://", "");
		int slash = rest.indexOf('/');
		return (slash >= 0) ? rest.substring(slash + 1).replaceFirst("\\?.*$", "") : "";
	}

}
