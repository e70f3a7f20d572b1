package io.minitickets.localstack.stack;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class StackStateTests {

	private final StackState stack = StackState.fresh("admin@minitickets.local", null)
		.withProcess(service("api-service", 105))
		.withProcess(service("booking-worker", 106))
		.withProcess(service("reconciler", 107));

	@Test
	void replacesARestartedProcessWhereItWasRecorded() {
		ManagedProcess restarted = service("booking-worker", 206);

		StackState after = this.stack.withRestarted(restarted);

		assertThat(after.processes()).extracting(ManagedProcess::name)
			.containsExactly("api-service", "booking-worker", "reconciler");
		assertThat(after.process("booking-worker")).contains(restarted);
	}

	@Test
	void appendsARestartedProcessThatWasNotRecorded() {
		ManagedProcess server = new ManagedProcess("postgres-server", ProcessKind.INFRASTRUCTURE, 303, null,
				"/tmp/postgres.log", "jdbc:postgresql://127.0.0.1:40303/postgres", null);

		assertThat(this.stack.withRestarted(server).processes()).last().isEqualTo(server);
	}

	@Test
	void generatesAPaymentApiKeyAndWebhookSecretPerStack() {
		StackState other = StackState.fresh("admin@minitickets.local", null);

		assertThat(this.stack.paymentApiKey()).startsWith("sk_test_").isNotEqualTo(other.paymentApiKey());
		assertThat(this.stack.paymentWebhookSecret()).startsWith("whsec_").isNotEqualTo(other.paymentWebhookSecret());
	}

	@Test
	void requiresTheRecordedDatabase() {
		PostgresEndpoint database = new PostgresEndpoint("jdbc:postgresql://127.0.0.1:5432/minitickets_1a2b3c4d",
				"postgres", "", "jdbc:postgresql://127.0.0.1:5432/postgres", "minitickets_1a2b3c4d", true);

		assertThat(this.stack.withPostgres(database).requirePostgres()).isEqualTo(database);
		assertThatExceptionOfType(StackException.class).isThrownBy(this.stack::requirePostgres)
			.withMessage("The stack has no Postgres database recorded");
	}

	private static ManagedProcess service(String name, long pid) {
		return new ManagedProcess(name, ProcessKind.SERVICE, pid, null, "/tmp/" + name + ".log",
				"http://127.0.0.1:40" + pid, "http://127.0.0.1:41" + pid + "/actuator/health");
	}

}
