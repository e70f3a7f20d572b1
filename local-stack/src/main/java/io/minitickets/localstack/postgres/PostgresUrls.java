package io.minitickets.localstack.postgres;

/**
 * Rewrites PostgreSQL JDBC URLs.
 */
final class PostgresUrls {

	private static final String PREFIX = "jdbc:postgresql://";

	private PostgresUrls() {
	}

	/**
	 * The same server, user settings and parameters, another database.
	 * @param url for example {@code jdbc:postgresql://127.0.0.1:5432/postgres?sslmode=disable}
	 * @param database the other database's name
	 * @return for example {@code jdbc:postgresql://127.0.0.1:5432/minitickets_1a2b3c4d?sslmode=disable}
	 * @throws IllegalArgumentException when the URL is not a {@code jdbc:postgresql://} URL
	 */
	static String withDatabase(String url, String database) {
		if (!url.startsWith(PREFIX)) {
			throw new IllegalArgumentException("Not a jdbc:postgresql:// URL: " + url);
		}
		int query = url.indexOf('?');
		String parameters = (query >= 0) ? url.substring(query) : "";
		String address = (query >= 0) ? url.substring(0, query) : url;
		int slash = address.indexOf('/', PREFIX.length());
		String server = (slash >= 0) ? address.substring(0, slash) : address;
		return server + "/" + database + parameters;
	}

}
