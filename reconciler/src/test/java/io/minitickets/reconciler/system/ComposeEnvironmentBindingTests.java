package io.minitickets.reconciler.system;

import io.minitickets.core.testing.compose.ComposeEnvironmentBindingContract;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docker-compose.yml's variables for reconciler bind to its configuration properties
 * ({@link ComposeEnvironmentBindingContract}).
 */
class ComposeEnvironmentBindingTests extends ComposeEnvironmentBindingContract {

	@Override
	protected String module() {
		return "reconciler";
	}

	@Override
	protected int replicas() {
		return 1;
	}

	@Test
	void readsItsOwnProperties() {
		assertThat(this.bindable.binds("MINITICKETS_RECONCILER_BATCH_SIZE")).isTrue();
	}

}
