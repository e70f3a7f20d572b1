package io.minitickets.core.config;

import io.minitickets.core.testing.TestInfrastructure;
import io.minitickets.core.valkey.ValkeyConnection;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which Valkey connection the inventory gate gets: the shared one unless {@code minitickets.valkey.gate-url} names its
 * own Valkey. Both answer commands through the flush-coalescing event loops, on the test Valkey.
 */
class ValkeyConnectionsIntegrationTests {

	private final ApplicationContextRunner contexts = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(ValkeyAutoConfiguration.class))
		.withPropertyValues("minitickets.valkey.url=" + TestInfrastructure.valkeyUrl());

	@Test
	void givesTheGateTheSharedConnectionWithoutAGateUrl() {
		this.contexts.run((context) -> {
			ValkeyConnection shared = context.getBean(ValkeyConnection.class);
			ValkeyConnection gate = context.getBean(ValkeyAutoConfiguration.GATE_CONNECTION, ValkeyConnection.class);

			assertThat(gate).isSameAs(shared);
			assertThat(shared.sync().ping()).isEqualTo("PONG");
		});
	}

	@Test
	void givesTheGateAConnectionOfItsOwnWithAGateUrl() {
		this.contexts.withPropertyValues("minitickets.valkey.gate-url=" + TestInfrastructure.valkeyUrl())
			.run((context) -> {
				ValkeyConnection shared = context.getBean(ValkeyConnection.class);
				ValkeyConnection gate = context.getBean(ValkeyAutoConfiguration.GATE_CONNECTION,
						ValkeyConnection.class);

				assertThat(gate).isNotSameAs(shared);
				assertThat(gate.name()).isEqualTo("gate");
				assertThat(gate.sync().ping()).isEqualTo("PONG");
			});
	}

}
