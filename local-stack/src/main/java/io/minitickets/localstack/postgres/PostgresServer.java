package io.minitickets.localstack.postgres;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;

import io.minitickets.localstack.stack.PostgresEndpoint;
import io.minitickets.localstack.stack.StackException;

/**
 * A Postgres server the stack creates its database on, reached through a maintenance database the user may create
 * databases from.
 *
 * @param adminUrl JDBC URL of the maintenance database, for example {@code jdbc:postgresql://127.0.0.1:5432/postgres}
 * @param username the user, allowed to create databases
 * @param password the user's password, empty for none
 */
public record PostgresServer(String adminUrl, String username, String password) {

	/** Seconds to wait for a TCP connection and for a login: short, so an absent server is noticed at once. */
	private static final String CONNECT_TIMEOUT_SECONDS = "3";

	/**
	 * The configured server: {@code MINITICKETS_POSTGRES_URL} (default
	 * {@code jdbc:postgresql://127.0.0.1:5432/postgres}), {@code MINITICKETS_POSTGRES_USER} (default {@code postgres})
	 * and {@code MINITICKETS_POSTGRES_PASSWORD} (default none).
	 * @return the configured server, reachable or not
	 */
	public static PostgresServer configured() {
		return new PostgresServer(env("MINITICKETS_POSTGRES_URL", "jdbc:postgresql://127.0.0.1:5432/postgres"),
				env("MINITICKETS_POSTGRES_USER", "postgres"), env("MINITICKETS_POSTGRES_PASSWORD", ""));
	}

	/**
	 * @return true when a connection to the maintenance database succeeds within a few seconds
	 */
	public boolean reachable() {
		try (Connection connection = connect(this.adminUrl)) {
			return connection.isValid(3);
		}
		catch (SQLException ex) {
			return false;
		}
	}

	/**
	 * Creates an empty database.
	 * @param name the database's name, letters, digits and underscores only
	 * @param shared whether others use this server too (recorded so {@code down} drops the database)
	 * @return the database as the services reach it
	 * @throws StackException when the server refuses
	 */
	public PostgresEndpoint createDatabase(String name, boolean shared) {
		execute("create database " + identifier(name));
		return new PostgresEndpoint(PostgresUrls.withDatabase(this.adminUrl, name), this.username, this.password,
				this.adminUrl, name, shared);
	}

	/**
	 * Drops a database, closing the connections that still use it.
	 * @param name the database's name
	 * @throws StackException when the server refuses or cannot be reached
	 */
	public void dropDatabase(String name) {
		execute("drop database if exists " + identifier(name) + " with (force)");
	}

	/**
	 * Opens a connection with short connect and login timeouts.
	 * @param url a JDBC URL on this server
	 * @return an open connection
	 * @throws SQLException when the server cannot be reached or refuses
	 */
	public Connection connect(String url) throws SQLException {
		Properties properties = new Properties();
		properties.setProperty("user", this.username);
		properties.setProperty("password", this.password);
		properties.setProperty("connectTimeout", CONNECT_TIMEOUT_SECONDS);
		properties.setProperty("loginTimeout", CONNECT_TIMEOUT_SECONDS);
		properties.setProperty("socketTimeout", "60");
		return DriverManager.getConnection(url, properties);
	}

	private void execute(String sql) {
		try (Connection connection = connect(this.adminUrl); Statement statement = connection.createStatement()) {
			statement.execute(sql);
		}
		catch (SQLException ex) {
			throw new StackException("Postgres at " + this.adminUrl + " refused '" + sql + "': " + ex.getMessage(), ex);
		}
	}

	private static String identifier(String name) {
		if (!name.matches("[a-z_][a-z0-9_]*")) {
			throw new IllegalArgumentException("Not a plain database name: " + name);
		}
		return name;
	}

	private static String env(String name, String fallback) {
		String value = System.getenv(name);
		return (value != null && !value.isBlank()) ? value : fallback;
	}

}
