package io.minitickets.localstack.stack;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class TopologyTests {

	@Test
	void readsTheTopologyInAnyCase() {
		assertThat(Topology.of("Cluster")).isEqualTo(Topology.CLUSTER);
		assertThat(Topology.of(" single ")).isEqualTo(Topology.SINGLE);
		assertThatIllegalArgumentException().isThrownBy(() -> Topology.of("ring"))
			.withMessageContaining("single or cluster");
	}

	@Test
	void theClusterRunsThreeBrokersThreePrimariesAndTwoOfEachService() {
		assertThat(Topology.CLUSTER.kafkaBrokers()).isEqualTo(3);
		assertThat(Topology.CLUSTER.valkeyPrimaries()).isEqualTo(3);
		assertThat(Topology.CLUSTER.instances()).isEqualTo(2);
		assertThat(Topology.SINGLE.valkeyPrimaries()).as("the configured Valkey").isZero();
	}

	@Test
	void theFirstInstanceKeepsTheModulesName() {
		assertThat(Topology.instanceName(Service.API_SERVICE, 1)).isEqualTo("api-service");
		assertThat(Topology.instanceName(Service.BOOKING_WORKER, 2)).isEqualTo("booking-worker-2");
	}

	@Test
	void theClusterRunsTwoOfEachServiceButOnePaymentSimulator() {
		assertThat(Service.BOOKING_WORKER.instances(Topology.CLUSTER)).isEqualTo(2);
		assertThat(Service.PAYMENT_SIMULATOR.instances(Topology.CLUSTER)).isEqualTo(1);
		assertThat(Service.PAYMENT_SIMULATOR.instances(Topology.SINGLE)).isEqualTo(1);
	}

}
