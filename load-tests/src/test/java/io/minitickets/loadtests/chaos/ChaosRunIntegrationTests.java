package io.minitickets.loadtests.chaos;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.minitickets.localstack.chaos.FaultKind;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The short fault-injection run CI keeps: one round of the worker failpoint (halt between the Postgres commit and the
 * Valkey settle), a main-Valkey restart, the gate's Valkey alone down, a Kafka restart, a SIGKILL of the run's own
 * Postgres and a poison record, on a stack of the run's own, and no invariant broken (0 oversold, 0 lost 202s, nothing
 * settled twice, drift repaired). Needs the services' jars (the reactor packages them before load-tests).
 */
class ChaosRunIntegrationTests {

	private static final Path CHECKOUT = BuiltServices.CHECKOUT;

	@BeforeAll
	static void servicesAreBuilt() {
		BuiltServices.require();
	}

	@Test
	@Timeout(value = 12, unit = TimeUnit.MINUTES) // ~3.5 min on the 2-core machine; a busy machine may double it
	void oneRoundOfFaultsBreaksNoInvariant() {
		List<FaultKind> faults = List.of(FaultKind.WORKER_FAILPOINT, FaultKind.VALKEY_RESTART,
				FaultKind.GATE_VALKEY_DOWN, FaultKind.KAFKA_RESTART, FaultKind.POSTGRES_KILL, FaultKind.POISON);
		ChaosOptions options = new ChaosOptions(1, 7, faults, CHECKOUT.resolve("load-tests/target/chaos-it"),
				CHECKOUT);
		ChaosReport report = new ChaosRun(options, System.out).run();
		System.out.print(report.table());
		assertThat(report.violations()).isEmpty();
		assertThat(report.rows()).extracting(FaultRow::fault)
			.containsExactly("worker-failpoint", "valkey-restart", "gate-valkey-down", "kafka-restart", "postgres-kill",
					"poison");
		assertThat(report.rows()).allSatisfy((row) -> assertThat(row.accepted()).isPositive());
		assertThat(report.deadLetters()).isEqualTo(1);
	}

}
