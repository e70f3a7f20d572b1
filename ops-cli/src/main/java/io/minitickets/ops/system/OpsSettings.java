package io.minitickets.ops.system;

import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.function.UnaryOperator;

import io.minitickets.core.security.AccessTokenProperties;
import org.jspecify.annotations.Nullable;

/**
 * Where ops-cli finds Postgres, Kafka, Valkey and the token signing key: the very properties the services read, under
 * the same names, from a system property ({@code -Dspring.datasource.url=…}) or, failing that, the environment
 * variable Spring Boot derives from it ({@code SPRING_DATASOURCE_URL}). {@code ./minitickets ops} sets the variables
 * from the running local stack.
 */
public final class OpsSettings {

	private final UnaryOperator<@Nullable String> lookup;

	/**
	 * @param lookup property name → value, null when not set
	 */
	public OpsSettings(UnaryOperator<@Nullable String> lookup) {
		this.lookup = lookup;
	}

	/**
	 * The settings of this process: system properties first, then environment variables.
	 * @return the settings
	 */
	public static OpsSettings fromEnvironment() {
		return new OpsSettings((name) -> {
			String property = System.getProperty(name);
			return (property != null) ? property : System.getenv(environmentName(name));
		});
	}

	/**
	 * Fixed settings, for tests; unset names fall back to the defaults.
	 * @param values property name → value
	 * @return the settings
	 */
	public static OpsSettings of(Map<String, String> values) {
		return new OpsSettings(values::get);
	}

	/**
	 * Spring Boot's environment variable for a property: upper case, dots and dashes as underscores.
	 * @param property for example {@code minitickets.valkey.key-prefix}
	 * @return for example {@code MINITICKETS_VALKEY_KEY_PREFIX}
	 */
	public static String environmentName(String property) {
		return property.replace('.', '_').replace('-', '_').toUpperCase(Locale.ROOT);
	}

	/** @return {@code spring.datasource.url}, default {@code jdbc:postgresql://127.0.0.1:5432/minitickets} */
	public String datasourceUrl() {
		return get("spring.datasource.url", "jdbc:postgresql://127.0.0.1:5432/minitickets");
	}

	/** @return {@code spring.datasource.username}, default {@code postgres} */
	public String datasourceUsername() {
		return get("spring.datasource.username", "postgres");
	}

	/** @return {@code spring.datasource.password}, default empty */
	public String datasourcePassword() {
		return get("spring.datasource.password", "");
	}

	/** @return {@code spring.kafka.bootstrap-servers}, default {@code 127.0.0.1:9092} */
	public String kafkaBootstrapServers() {
		return get("spring.kafka.bootstrap-servers", "127.0.0.1:9092");
	}

	/** @return {@code minitickets.valkey.url}, default {@code redis://127.0.0.1:6379} */
	public String valkeyUrl() {
		return get("minitickets.valkey.url", "redis://127.0.0.1:6379");
	}

	/** @return {@code minitickets.valkey.gate-url}, default {@link #valkeyUrl()} */
	public String valkeyGateUrl() {
		return get("minitickets.valkey.gate-url", valkeyUrl());
	}

	/** @return {@code minitickets.valkey.key-prefix}, default empty (production) */
	public String valkeyKeyPrefix() {
		return get("minitickets.valkey.key-prefix", "");
	}

	/**
	 * The token settings the API verifies with: {@code minitickets.jwt.secret}, {@code .ttl} (default 1 h; a number is
	 * seconds, or a Spring-style duration like {@code 30m}), {@code .issuer} (default {@code minitickets}).
	 * @return the properties; the secret is null when not set
	 */
	public AccessTokenProperties accessTokens() {
		return new AccessTokenProperties(this.lookup.apply("minitickets.jwt.secret"),
				Durations.parse(get("minitickets.jwt.ttl", "1h")), get("minitickets.jwt.issuer", "minitickets"));
	}

	/**
	 * Where the services' health is, when known: {@code minitickets.ops.health-urls}, comma-separated
	 * {@code name=url} pairs ({@code api-service=http://127.0.0.1:9080/actuator/health,…}).
	 * @return the value, empty when not set
	 */
	public String healthUrls() {
		return get("minitickets.ops.health-urls", "");
	}

	/**
	 * How long a connection to Postgres, Kafka or Valkey may take before a command gives up.
	 * @return {@code minitickets.ops.connect-timeout}, default 10 s
	 */
	public Duration connectTimeout() {
		return Durations.parse(get("minitickets.ops.connect-timeout", "10s"));
	}

	private String get(String name, String fallback) {
		String value = this.lookup.apply(name);
		return (value != null && !value.isBlank()) ? value : fallback;
	}

}
