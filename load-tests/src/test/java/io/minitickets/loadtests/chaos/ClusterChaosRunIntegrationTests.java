package io.minitickets.loadtests.chaos;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.minitickets.localstack.chaos.ClusterFaultInjector;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code ./minitickets chaos --topology cluster}, one round of every kill case, on a cluster stack of the run's own
 * (three Kafka nodes, a Valkey Cluster of three primaries, two of each service): one Kafka node, one Valkey primary,
 * one worker and one api-service killed with SIGKILL mid-sale, each phase's bookings answered by both api-services,
 * 202s coming while the process was down, and no invariant broken after any phase nor at the end (DESIGN.md
 * invariants: none oversold, every 202 final, nothing settled twice, drift repaired). The worker's handover is
 * measured and printed; only a sanity bound is asserted. Needs the services' jars (the reactor packages them before
 * load-tests) and valkey-server or redis-server with its CLI on the PATH.
 */
class ClusterChaosRunIntegrationTests {

	private static final Path CHECKOUT = BuiltServices.CHECKOUT;

	@BeforeAll
	static void servicesAreBuilt() {
		BuiltServices.require();
	}

	@Test
	@Timeout(value = 20, unit = TimeUnit.MINUTES) // 637 s on the shared 2-core machine at load average 16–26
	void everyKillCaseOnTheClusterTopologyBreaksNoInvariant() {
		ChaosOptions options = new ChaosOptions(1, 11, ClusterFaultInjector.FAULTS,
				CHECKOUT.resolve("load-tests/target/chaos-cluster-it"), CHECKOUT);
		ClusterChaosReport report = new ClusterChaosRun(options, System.out).run();
		System.out.print(report.table());
		report.notes().forEach((note) -> System.out.println("note: " + note));

		assertThat(report.violations()).isEmpty();
		assertThat(report.rows()).extracting((row) -> row.invariants().fault())
			.containsExactly("kafka-restart", "valkey-restart", "worker-kill", "api-kill");
		assertThat(report.rows()).allSatisfy((row) -> {
			assertThat(row.invariants().accepted()).isPositive();
			assertThat(row.acceptedDuringOutage()).as("202s while %s was down", row.victim()).isPositive();
			assertThat(row.answeredBy()).hasSize(2).allSatisfy((answered) -> assertThat(answered).isPositive());
		});
		ClusterFaultRow workerKill = report.rows().get(2);
		assertThat(workerKill.handoverSeconds()).as("measured handover").isNotNull().isBetween(0.0, 60.0);
		assertThat(report.end().accepted()).isPositive();
		assertThat(report.end().oversold()).isZero();
		assertThat(report.end().lost()).isZero();
	}

}
