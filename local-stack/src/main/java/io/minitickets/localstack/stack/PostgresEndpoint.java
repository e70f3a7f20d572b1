package io.minitickets.localstack.stack;

/**
 * The stack's Postgres database.
 *
 * @param jdbcUrl the JDBC URL of the stack's own database, as given to the services
 * @param username the user the services log in as
 * @param password that user's password, empty for none
 * @param adminUrl the JDBC URL of the maintenance database the stack's database was created from, used to drop it
 * @param database the name of the stack's database, for example {@code minitickets_1a2b3c4d}
 * @param shared true when the server is the configured one that others use too (the database is dropped on
 * {@code down}); false when the stack started an embedded server of its own
 */
public record PostgresEndpoint(String jdbcUrl, String username, String password, String adminUrl, String database,
		boolean shared) {

}
