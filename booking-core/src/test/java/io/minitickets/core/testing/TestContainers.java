package io.minitickets.core.testing;

import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.kafka.KafkaContainer;
import org.testcontainers.postgresql.PostgreSQLContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * The containers of {@link InfrastructureChoice.Mode#CONTAINERS}: Postgres and Valkey once per test JVM (started on
 * first use, removed by Testcontainers when the JVM exits; tests keep apart by a database per context and a key prefix
 * per class, as on the machine's servers), and a new Kafka broker for each test context that asks for one (as the
 * embedded broker is, since every context's services use the same topic and group names).
 */
public final class TestContainers {

	/** Postgres, as docker-compose.yml runs it. */
	public static final DockerImageName POSTGRES = DockerImageName.parse("postgres:17");

	/** Valkey, as docker-compose.yml runs it. */
	public static final DockerImageName VALKEY = DockerImageName.parse("valkey/valkey:8");

	/** Apache Kafka's own image, KRaft, as docker-compose.yml runs it. */
	public static final DockerImageName KAFKA = DockerImageName.parse("apache/kafka:4.1.1");

	private TestContainers() {
	}

	/**
	 * @return the JVM's Postgres, started: trust authentication, so the tests connect as on the machine's server
	 * (user and no password)
	 */
	public static PostgreSQLContainer postgres() {
		return Postgres.CONTAINER;
	}

	/**
	 * @return the JVM's Valkey, started
	 */
	public static GenericContainer<?> valkey() {
		return Valkey.CONTAINER;
	}

	/**
	 * A new, not yet started, single-node KRaft broker; whoever starts it stops it (a Spring context does, for a
	 * container bean).
	 * @return the container
	 */
	public static KafkaContainer newKafka() {
		return new KafkaContainer(KAFKA).withEnv("KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS", "0");
	}

	private static final class Postgres {

		static final PostgreSQLContainer CONTAINER = start();

		private static PostgreSQLContainer start() {
			PostgreSQLContainer container = new PostgreSQLContainer(POSTGRES).withDatabaseName("postgres")
				.withEnv("POSTGRES_HOST_AUTH_METHOD", "trust");
			container.start();
			return container;
		}

	}

	private static final class Valkey {

		static final GenericContainer<?> CONTAINER = start();

		private static GenericContainer<?> start() {
			GenericContainer<?> container = new GenericContainer<>(VALKEY).withExposedPorts(6379)
				.waitingFor(Wait.forLogMessage(".*Ready to accept connections.*\\n", 1));
			container.start();
			return container;
		}

	}

}
