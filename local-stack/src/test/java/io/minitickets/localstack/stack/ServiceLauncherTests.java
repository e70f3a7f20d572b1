package io.minitickets.localstack.stack;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ServiceLauncherTests {

	private final StackState stack = StackState.fresh("admin@minitickets.local", "secret-password")
		.withKafka("127.0.0.1:40001")
		.withPostgres(new PostgresEndpoint("jdbc:postgresql://127.0.0.1:5432/minitickets_1a2b3c4d", "postgres", "pw",
				"jdbc:postgresql://127.0.0.1:5432/postgres", "minitickets_1a2b3c4d", true))
		.withValkey(new ValkeyEndpoint("redis://127.0.0.1:6379", "stack-1a2b3c4d:", true))
		.withProcess(new ManagedProcess("api-service", ProcessKind.SERVICE, 105, null, "/tmp/api-service.log",
				"http://127.0.0.1:40105", "http://127.0.0.1:41105/actuator/health"));

	@Test
	void configuresApiServiceForTheStackWithTheGateAsAsked() {
		Map<String, String> environment = ServiceLauncher.environment(Service.API_SERVICE, this.stack, 8080, 8081,
				false);

		assertThat(environment).containsEntry("SPRING_DATASOURCE_URL",
				"jdbc:postgresql://127.0.0.1:5432/minitickets_1a2b3c4d")
			.containsEntry("SPRING_DATASOURCE_USERNAME", "postgres")
			.containsEntry("SPRING_DATASOURCE_PASSWORD", "pw")
			.containsEntry("SPRING_KAFKA_BOOTSTRAP_SERVERS", "127.0.0.1:40001")
			.containsEntry("MINITICKETS_VALKEY_URL", "redis://127.0.0.1:6379")
			.containsEntry("MINITICKETS_VALKEY_KEY_PREFIX", "stack-1a2b3c4d:")
			.containsEntry("MINITICKETS_TOPICS_PARTITIONS", "3")
			.containsEntry("SERVER_PORT", "8080")
			.containsEntry("MANAGEMENT_SERVER_PORT", "8081")
			.containsEntry("MINITICKETS_JWT_SECRET", this.stack.jwtSecret())
			.containsEntry("MINITICKETS_ADMIN_EMAIL", "admin@minitickets.local")
			.containsEntry("MINITICKETS_ADMIN_PASSWORD", "secret-password")
			.containsEntry("INVENTORY_GATE_ENABLED", "false");
	}

	@Test
	void keepsTheSigningKeyAndAdminCredentialsToApiService() {
		Map<String, String> environment = ServiceLauncher.environment(Service.BOOKING_WORKER, this.stack, 8082, 8083,
				true);

		assertThat(environment).containsEntry("SERVER_PORT", "8082")
			.containsEntry("SPRING_KAFKA_BOOTSTRAP_SERVERS", "127.0.0.1:40001")
			.doesNotContainKeys("MINITICKETS_JWT_SECRET", "MINITICKETS_ADMIN_PASSWORD", "INVENTORY_GATE_ENABLED");
	}

	@Test
	void pointsThePaymentSimulatorsWebhooksAtApiServiceWithTheStacksSecrets() {
		Map<String, String> environment = ServiceLauncher.environment(Service.PAYMENT_SIMULATOR, this.stack, 8090, 8091,
				true);

		assertThat(environment).containsEntry("SERVER_PORT", "8090")
			.containsEntry("MANAGEMENT_SERVER_PORT", "8091")
			.containsEntry("MINITICKETS_SIMULATOR_API_KEY", this.stack.paymentApiKey())
			.containsEntry("MINITICKETS_SIMULATOR_WEBHOOK_SECRET", this.stack.paymentWebhookSecret())
			.containsEntry("MINITICKETS_SIMULATOR_WEBHOOK_URL", "http://127.0.0.1:40105/api/payments/webhook")
			.doesNotContainKeys("SPRING_DATASOURCE_URL", "SPRING_KAFKA_BOOTSTRAP_SERVERS", "MINITICKETS_JWT_SECRET");
	}

	@Test
	void givesApiServiceAndTheWorkerTheStacksPaymentProvider() {
		StackState withSimulator = this.stack.withProcess(new ManagedProcess("payment-simulator", ProcessKind.SERVICE,
				106, null, "/tmp/payment-simulator.log", "http://127.0.0.1:40106",
				"http://127.0.0.1:41106/actuator/health"));

		for (Service service : List.of(Service.API_SERVICE, Service.BOOKING_WORKER)) {
			assertThat(ServiceLauncher.environment(service, withSimulator, 8080, 8081, true)).as(service.module())
				.containsEntry("MINITICKETS_PAYMENT_API_KEY", this.stack.paymentApiKey())
				.containsEntry("MINITICKETS_PAYMENT_WEBHOOK_SECRET", this.stack.paymentWebhookSecret())
				.containsEntry("MINITICKETS_PAYMENT_API_BASE", "http://127.0.0.1:40106");
		}
		assertThat(ServiceLauncher.environment(Service.API_SERVICE, withSimulator, 8080, 8081, true))
			.containsEntry("MINITICKETS_PAYMENT_API_RETURN_BASE", "http://127.0.0.1:8080/");
		assertThat(ServiceLauncher.environment(Service.RECONCILER, withSimulator, 8084, 8085, true))
			.doesNotContainKeys("MINITICKETS_PAYMENT_API_KEY", "MINITICKETS_PAYMENT_API_BASE");
	}

}
