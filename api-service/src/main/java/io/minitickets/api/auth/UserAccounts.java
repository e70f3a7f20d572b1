package io.minitickets.api.auth;

import java.util.Optional;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Users in Postgres.
 */
@Repository
public class UserAccounts {

	private final JdbcClient jdbc;

	UserAccounts(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * @param email the login, matched ignoring case
	 * @return the user, or empty
	 */
	public Optional<UserAccount> findByEmail(String email) {
		return this.jdbc.sql("select id, email, password_hash, role from users where lower(email) = lower(?)")
			.param(email)
			.query(UserAccount.class)
			.optional();
	}

	/**
	 * Creates a user unless the email is taken.
	 * @param email the login
	 * @param passwordHash the encoded password
	 * @param role USER or ADMIN
	 * @return the new user, or empty when the email exists already
	 */
	public Optional<UserAccount> create(String email, String passwordHash, String role) {
		return this.jdbc
			.sql("insert into users (email, password_hash, role) values (?, ?, ?) on conflict ((lower(email))) do nothing"
					+ " returning id, email, password_hash, role")
			.params(email, passwordHash, role)
			.query(UserAccount.class)
			.optional();
	}

}
