package io.minitickets.localstack.ops;

import java.util.HashMap;
import java.util.Map;

import io.minitickets.localstack.stack.ManagedProcess;
import io.minitickets.localstack.stack.PostgresEndpoint;
import io.minitickets.localstack.stack.ProcessKind;
import io.minitickets.localstack.stack.StackState;
import io.minitickets.localstack.stack.ValkeyEndpoint;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class StackEnvironmentTests {

	private final StackState stack = StackState.fresh("admin@minitickets.local", null)
		.withKafka("127.0.0.1:40001")
		.withPostgres(new PostgresEndpoint("jdbc:postgresql://127.0.0.1:5432/minitickets_1a2b3c4d", "postgres", "",
				"jdbc:postgresql://127.0.0.1:5432/postgres", "minitickets_1a2b3c4d", true))
		.withValkey(new ValkeyEndpoint("redis://127.0.0.1:6379", "stack-1a2b3c4d:", true))
		.withProcess(new ManagedProcess("kafka", ProcessKind.INFRASTRUCTURE, 100, null, "/tmp/kafka.log",
				"127.0.0.1:40001", null))
		.withProcess(new ManagedProcess("api-service", ProcessKind.SERVICE, 101, null, "/tmp/api.log",
				"http://127.0.0.1:40101", "http://127.0.0.1:40102/actuator/health"));

	@Test
	void givesOpsTheStacksDatabaseBrokerKeyPrefixSigningKeyAndHealthUrls() {
		Map<String, String> environment = StackEnvironment.of(this.stack);

		assertThat(environment).containsEntry("SPRING_DATASOURCE_URL",
				"jdbc:postgresql://127.0.0.1:5432/minitickets_1a2b3c4d")
			.containsEntry("SPRING_DATASOURCE_USERNAME", "postgres")
			.containsEntry("SPRING_KAFKA_BOOTSTRAP_SERVERS", "127.0.0.1:40001")
			.containsEntry("MINITICKETS_VALKEY_URL", "redis://127.0.0.1:6379")
			.containsEntry("MINITICKETS_VALKEY_KEY_PREFIX", "stack-1a2b3c4d:")
			.containsEntry("MINITICKETS_JWT_SECRET", this.stack.jwtSecret())
			.containsEntry("MINITICKETS_OPS_HEALTH_URLS", "api-service=http://127.0.0.1:40102/actuator/health");
	}

	@Test
	void leavesVariablesTheOperatorSetAlone() {
		Map<String, String> child = new HashMap<>(Map.of("SPRING_DATASOURCE_URL", "jdbc:postgresql://db/other"));

		StackEnvironment.addMissing(child, StackEnvironment.of(this.stack));

		assertThat(child).containsEntry("SPRING_DATASOURCE_URL", "jdbc:postgresql://db/other")
			.containsEntry("MINITICKETS_VALKEY_KEY_PREFIX", "stack-1a2b3c4d:");
	}

}
