package io.minitickets.core.testing;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.UUID;

import org.slf4j.LoggerFactory;
import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * Where tests find the real Postgres and Valkey, from one place, and how they keep out of each other's way on a
 * shared machine: a fresh database per call and a unique key prefix per test class.
 * <p>
 * Which servers: {@link InfrastructureChoice} decides once per test JVM ({@code MINITICKETS_TEST_INFRA=auto|local|
 * containers}). Local: the machine's servers, with the environment overrides {@code MINITICKETS_TEST_POSTGRES_URL}
 * (JDBC URL of a database the user may create databases from, default
 * {@code jdbc:postgresql://127.0.0.1:5432/postgres}), {@code MINITICKETS_TEST_POSTGRES_USER} (default
 * {@code postgres}), {@code MINITICKETS_TEST_VALKEY_URL} (default {@code redis://127.0.0.1:6379}). Containers: the
 * JVM's {@link TestContainers}. Kafka comes from {@link TestKafkaConfiguration}, by the same choice.
 */
public final class TestInfrastructure {

	private TestInfrastructure() {
	}

	/**
	 * The choice of this test JVM, made on first use and logged once.
	 * @return what the tests run against, and why
	 */
	public static InfrastructureChoice choice() {
		return Choice.MADE;
	}

	/**
	 * @return whether the tests run on Testcontainers
	 */
	public static boolean containers() {
		return choice().mode() == InfrastructureChoice.Mode.CONTAINERS;
	}

	/**
	 * @return the admin JDBC URL
	 */
	public static String postgresAdminUrl() {
		return containers() ? TestContainers.postgres().getJdbcUrl()
				: env("MINITICKETS_TEST_POSTGRES_URL", "jdbc:postgresql://127.0.0.1:5432/postgres");
	}

	/**
	 * @return the Postgres user
	 */
	public static String postgresUser() {
		return containers() ? TestContainers.postgres().getUsername() : env("MINITICKETS_TEST_POSTGRES_USER", "postgres");
	}

	/**
	 * @return the Valkey URL
	 */
	public static String valkeyUrl() {
		if (containers()) {
			var valkey = TestContainers.valkey();
			return "redis://" + valkey.getHost() + ":" + valkey.getMappedPort(6379);
		}
		return env("MINITICKETS_TEST_VALKEY_URL", "redis://127.0.0.1:6379");
	}

	/**
	 * A prefix no other test run uses, so tests never see each other's keys (and never need FLUSHDB).
	 * @return for example {@code test-1a2b3c4d:}
	 */
	public static String uniqueKeyPrefix() {
		return "test-" + UUID.randomUUID().toString().substring(0, 8) + ":";
	}

	/**
	 * Creates an empty database that is dropped when the JVM exits (with its container, on Testcontainers).
	 * @return its JDBC URL
	 */
	public static String createDatabase() {
		String name = "mt_test_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
		execute("create database " + name);
		if (!containers()) {
			Runtime.getRuntime().addShutdownHook(new Thread(() -> execute("drop database if exists " + name
					+ " with (force)")));
		}
		String admin = postgresAdminUrl();
		int slash = admin.lastIndexOf('/');
		return admin.substring(0, slash + 1) + name;
	}

	/**
	 * Points a Spring test at a fresh database and a unique key prefix on the real Valkey.
	 * @param registry the test's dynamic properties
	 */
	public static void register(DynamicPropertyRegistry registry) {
		registerDatabase(registry);
		String prefix = uniqueKeyPrefix();
		registry.add("minitickets.valkey.url", TestInfrastructure::valkeyUrl);
		registry.add("minitickets.valkey.key-prefix", () -> prefix);
	}

	/**
	 * Points a Spring test at a fresh database only, for tests that choose their own Valkey.
	 * @param registry the test's dynamic properties
	 */
	public static void registerDatabase(DynamicPropertyRegistry registry) {
		String database = createDatabase();
		registry.add("spring.datasource.url", () -> database);
		registry.add("spring.datasource.username", TestInfrastructure::postgresUser);
	}

	/**
	 * A TCP port on 127.0.0.1 that nothing listens on: connections to it are refused at once.
	 * @return the port
	 */
	public static int closedPort() {
		try (java.net.ServerSocket socket = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
			return socket.getLocalPort();
		}
		catch (java.io.IOException ex) {
			throw new java.io.UncheckedIOException(ex);
		}
	}

	private static void execute(String sql) {
		try (Connection connection = DriverManager.getConnection(postgresAdminUrl(), postgresUser(), "");
				Statement statement = connection.createStatement()) {
			statement.execute(sql);
		}
		catch (SQLException ex) {
			throw new IllegalStateException("Postgres at " + postgresAdminUrl() + " refused: " + sql, ex);
		}
	}

	private static String env(String name, String fallback) {
		String value = System.getenv(name);
		return (value != null && !value.isBlank()) ? value : fallback;
	}

	private static final class Choice {

		static final InfrastructureChoice MADE = make();

		private static InfrastructureChoice make() {
			InfrastructureChoice choice = InfrastructureChoice.decide(System.getenv(), DockerEngine.ofThisMachine());
			LoggerFactory.getLogger(TestInfrastructure.class)
				.info("Tests run on {} infrastructure ({})", choice.mode().name().toLowerCase(Locale.ROOT),
						choice.reason());
			return choice;
		}

	}

}
