package io.minitickets.localstack.stack;

import java.util.Set;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class RestartPlanTests {

	private final StackState stack = StackState.fresh("admin@minitickets.local", "secret-password")
		.withProcess(process("kafka", ProcessKind.INFRASTRUCTURE, 101))
		.withProcess(process("postgres", ProcessKind.INFRASTRUCTURE, 102))
		.withProcess(process("postgres-server", ProcessKind.INFRASTRUCTURE, 103))
		.withProcess(process("valkey", ProcessKind.INFRASTRUCTURE, 104))
		.withProcess(process("api-service", ProcessKind.SERVICE, 105))
		.withProcess(process("booking-worker", ProcessKind.SERVICE, 106))
		.withProcess(process("reconciler", ProcessKind.SERVICE, 107));

	@Test
	void restartsNothingWhileEveryProcessRuns() {
		RestartPlan plan = RestartPlan.of(this.stack, (process) -> true);

		assertThat(plan.restartsNothing()).isTrue();
		assertThat(plan.forgotten()).isEmpty();
	}

	@Test
	void restartsOnlyTheKilledBookingWorker() {
		RestartPlan plan = planWithEnded("booking-worker");

		assertThat(plan.restarted()).containsExactly("booking-worker");
		assertThat(plan.services()).containsExactly(Service.BOOKING_WORKER);
		assertThat(plan.kafka()).isFalse();
	}

	@Test
	void restartsTheKafkaBrokerAndLeavesTheServicesThatStillRunAlone() {
		RestartPlan plan = planWithEnded("kafka");

		assertThat(plan.kafka()).isTrue();
		assertThat(plan.services()).isEmpty();
		assertThat(plan.restarted()).containsExactly("kafka");
	}

	@Test
	void restartsTheEmbeddedPostgresAsOneWhenOnlyItsServerProcessEnded() {
		RestartPlan plan = planWithEnded("postgres-server");

		assertThat(plan.embeddedPostgres()).isTrue();
		assertThat(plan.restarted()).containsExactly("postgres");
	}

	@Test
	void restartsTheInfrastructureFirstAndApiServiceBeforeTheOtherServices() {
		RestartPlan plan = planWithEnded("reconciler", "api-service", "valkey", "kafka", "booking-worker");

		assertThat(plan.restarted()).containsExactly("kafka", "valkey", "api-service", "booking-worker", "reconciler");
	}

	@Test
	void restartsEverythingOfAStackWhoseProcessesAllEnded() {
		RestartPlan plan = RestartPlan.of(this.stack, (process) -> false);

		assertThat(plan.restarted()).containsExactly("kafka", "postgres", "valkey", "api-service", "booking-worker",
				"reconciler");
	}

	@Test
	void forgetsAnEndedProcessUpDoesNotStartInsteadOfRestartingIt() {
		StackState withDemoApi = this.stack.withProcess(process("api-service-gate-off", ProcessKind.SERVICE, 108));

		RestartPlan plan = RestartPlan.of(withDemoApi, (process) -> !process.name().equals("api-service-gate-off"));

		assertThat(plan.restartsNothing()).isTrue();
		assertThat(plan.forgotten()).containsExactly("api-service-gate-off");
	}

	@Test
	void restartsOnlyWhatTheStackStartedForAStackOnSharedServers() {
		StackState shared = StackState.fresh("admin@minitickets.local", null)
			.withProcess(process("kafka", ProcessKind.INFRASTRUCTURE, 101))
			.withProcess(process("api-service", ProcessKind.SERVICE, 105));

		RestartPlan plan = RestartPlan.of(shared, (process) -> false);

		assertThat(plan.restarted()).containsExactly("kafka", "api-service");
		assertThat(plan.embeddedPostgres()).isFalse();
		assertThat(plan.valkey()).isFalse();
	}

	private RestartPlan planWithEnded(String... names) {
		Set<String> ended = Set.of(names);
		return RestartPlan.of(this.stack, (process) -> !ended.contains(process.name()));
	}

	private static ManagedProcess process(String name, ProcessKind kind, long pid) {
		return new ManagedProcess(name, kind, pid, null, "/tmp/" + name + ".log", "http://127.0.0.1:" + (40000 + pid),
				(kind == ProcessKind.SERVICE) ? "http://127.0.0.1:" + (41000 + pid) + "/actuator/health" : null);
	}

}
