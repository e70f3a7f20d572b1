package io.minitickets.worker.system;

import io.minitickets.core.testing.compose.ComposeEnvironmentBindingContract;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docker-compose.yml's variables for booking-worker bind to its configuration properties
 * ({@link ComposeEnvironmentBindingContract}).
 */
class ComposeEnvironmentBindingTests extends ComposeEnvironmentBindingContract {

	@Override
	protected String module() {
		return "booking-worker";
	}

	@Override
	protected int replicas() {
		return 2;
	}

	@Test
	void readsItsOwnProperties() {
		assertThat(this.bindable.binds("MINITICKETS_WORKER_GATE_SETTLE_TIMEOUT")).isTrue();
	}

}
