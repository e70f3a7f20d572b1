package io.minitickets.core.testing;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Which infrastructure the tests run against, and why: the one decision behind {@link TestInfrastructure}.
 * <p>
 * The switch is {@code MINITICKETS_TEST_INFRA}: {@code local} (the machine's Postgres and Valkey, an embedded KRaft
 * broker per test context), {@code containers} (Testcontainers: {@code postgres:17}, {@code valkey/valkey:8},
 * {@code apache/kafka:4.1.1}), or {@code auto}, the default: containers when a Docker engine answers and no
 * {@code MINITICKETS_TEST_POSTGRES_URL} / {@code MINITICKETS_TEST_VALKEY_URL} points the tests at services of its own,
 * local otherwise.
 *
 * @param mode what the tests run against
 * @param reason why, for the log
 */
public record InfrastructureChoice(Mode mode, String reason) {

	/** The switch. */
	public static final String SWITCH = "MINITICKETS_TEST_INFRA";

	/** Variables that point the tests at services of their own: with one set, {@code auto} stays local. */
	public static final List<String> SERVICE_URLS = List.of("MINITICKETS_TEST_POSTGRES_URL",
			"MINITICKETS_TEST_VALKEY_URL");

	/**
	 * What the tests run against.
	 */
	public enum Mode {

		/** The machine's Postgres and Valkey (or those the URLs name), an embedded KRaft broker per test context. */
		LOCAL,

		/** Testcontainers: one Postgres and one Valkey per test JVM, one Kafka broker per test context. */
		CONTAINERS

	}

	/**
	 * Decides from the environment, asking the Docker engine only when {@code auto} needs to know.
	 * @param environment the process environment ({@link System#getenv()})
	 * @param docker whether a Docker engine answers; not asked for {@code local}, {@code containers}, or when a
	 * service URL is set
	 * @return the choice
	 * @throws IllegalArgumentException when {@code MINITICKETS_TEST_INFRA} is set to something else than
	 * {@code auto}, {@code local} or {@code containers}
	 */
	public static InfrastructureChoice decide(Map<String, String> environment, DockerEngine docker) {
		String value = environment.getOrDefault(SWITCH, "").strip().toLowerCase(Locale.ROOT);
		switch (value) {
			case "local":
				return new InfrastructureChoice(Mode.LOCAL, SWITCH + "=local");
			case "containers":
				return new InfrastructureChoice(Mode.CONTAINERS, SWITCH + "=containers");
			case "", "auto":
				break;
			default:
				throw new IllegalArgumentException(SWITCH + "=" + environment.get(SWITCH)
						+ " is not one of auto, local, containers");
		}
		for (String url : SERVICE_URLS) {
			String set = environment.get(url);
			if (set != null && !set.isBlank()) {
				return new InfrastructureChoice(Mode.LOCAL, "auto: " + url + " is set");
			}
		}
		if (docker.answers()) {
			return new InfrastructureChoice(Mode.CONTAINERS, "auto: a Docker engine answers");
		}
		return new InfrastructureChoice(Mode.LOCAL, "auto: no Docker engine answers");
	}

}
