package io.minitickets.loadtests.client;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.minitickets.core.security.AccessTokens;
import io.minitickets.localstack.postgres.PostgresServer;
import io.minitickets.localstack.stack.PostgresEndpoint;
import io.minitickets.localstack.stack.StackException;

/**
 * Creates a run's users in one statement in Postgres and mints their access tokens with the stack's signing key:
 * 100,000 users in seconds, where logging each in would run 100,000 bcrypt checks. The users have no password
 * (their hash matches none), so they act only through the minted tokens.
 */
public final class BulkUsers {

	private static final String INSERT = """
			insert into users (email, password_hash, role)
			select 'load-' || ? || '-' || g || '@minitickets.local', '{bcrypt}!no-password:load-test-user', 'USER'
			from generate_series(1, ?) g
			returning id, email""";

	private final PostgresEndpoint database;

	private final AccessTokens tokens;

	/**
	 * @param database the stack's database
	 * @param jwtSecret the stack's signing key
	 * @param tokenLifetime how long the minted tokens are valid
	 */
	public BulkUsers(PostgresEndpoint database, String jwtSecret, Duration tokenLifetime) {
		this.database = database;
		this.tokens = new AccessTokens(jwtSecret, tokenLifetime, "minitickets");
	}

	/**
	 * @param runId names the users ({@code load-<runId>-<n>@minitickets.local})
	 * @param count how many, at least 1
	 * @return the users with a token each (role USER), in creation order
	 * @throws StackException when Postgres refuses them
	 */
	public List<LoadUser> create(String runId, int count) {
		PostgresServer server = new PostgresServer(this.database.adminUrl(), this.database.username(),
				this.database.password());
		try (Connection connection = server.connect(this.database.jdbcUrl());
				PreparedStatement statement = connection.prepareStatement(INSERT)) {
			statement.setString(1, runId);
			statement.setInt(2, count);
			List<LoadUser> users = new ArrayList<>(count);
			try (ResultSet rows = statement.executeQuery()) {
				while (rows.next()) {
					long id = rows.getLong(1);
					users.add(new LoadUser(id, this.tokens.mint(id, rows.getString(2), "USER").token()));
				}
			}
			return users;
		}
		catch (SQLException ex) {
			throw new StackException("Cannot create " + count + " users in " + this.database.jdbcUrl() + ": "
					+ ex.getMessage(), ex);
		}
	}

}
