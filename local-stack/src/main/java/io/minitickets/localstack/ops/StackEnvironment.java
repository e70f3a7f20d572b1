package io.minitickets.localstack.ops;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

import io.minitickets.localstack.stack.PostgresEndpoint;
import io.minitickets.localstack.stack.ProcessKind;
import io.minitickets.localstack.stack.StackState;
import io.minitickets.localstack.stack.ValkeyEndpoint;

/**
 * The settings of a running local stack as the environment variables the services (and ops-cli) read, so that
 * {@code ./minitickets ops …} and {@code ./minitickets kafka …} reach the stack without the operator typing them.
 */
final class StackEnvironment {

	private StackEnvironment() {
	}

	/**
	 * The variables ops-cli reads: database, broker, the gate's Valkey and the stack's key prefix, the token signing
	 * key, the services' health URLs.
	 * @param stack the stack
	 * @return the variables, in a stable order; those the stack has not recorded yet are absent
	 */
	static Map<String, String> of(StackState stack) {
		Map<String, String> environment = new LinkedHashMap<>();
		PostgresEndpoint postgres = stack.postgres();
		if (postgres != null) {
			environment.put("SPRING_DATASOURCE_URL", postgres.jdbcUrl());
			environment.put("SPRING_DATASOURCE_USERNAME", postgres.username());
			environment.put("SPRING_DATASOURCE_PASSWORD", postgres.password());
		}
		if (stack.kafkaBootstrapServers() != null) {
			environment.put("SPRING_KAFKA_BOOTSTRAP_SERVERS", stack.kafkaBootstrapServers());
		}
		ValkeyEndpoint valkey = stack.valkey();
		if (valkey != null) {
			environment.put("MINITICKETS_VALKEY_URL", valkey.url());
			environment.put("MINITICKETS_VALKEY_KEY_PREFIX", valkey.keyPrefix());
		}
		environment.put("MINITICKETS_JWT_SECRET", stack.jwtSecret());
		String health = stack.processes()
			.stream()
			.filter((process) -> process.kind() == ProcessKind.SERVICE && process.healthUrl() != null)
			.map((process) -> process.name() + "=" + process.healthUrl())
			.collect(Collectors.joining(","));
		if (!health.isEmpty()) {
			environment.put("MINITICKETS_OPS_HEALTH_URLS", health);
		}
		return environment;
	}

	/**
	 * Adds a stack's variables to a child process's environment, except those the operator set already: an
	 * explicit {@code SPRING_DATASOURCE_URL=… ./minitickets ops …} wins.
	 * @param child the child's environment, inherited from this process
	 * @param stack the stack's variables
	 */
	static void addMissing(Map<String, String> child, Map<String, String> stack) {
		stack.forEach(child::putIfAbsent);
	}

	/**
	 * @param stack a recorded stack
	 * @return true when at least one of its processes runs (a stack that is down has nothing to reach)
	 */
	static boolean anyRunning(StackState stack) {
		return stack.anyRunning();
	}

}
