package io.minitickets.api;

import io.minitickets.core.testing.compose.ComposeEnvironmentBindingContract;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docker-compose.yml's variables for api-service bind to its configuration properties
 * ({@link ComposeEnvironmentBindingContract}).
 */
class ComposeEnvironmentBindingTests extends ComposeEnvironmentBindingContract {

	@Override
	protected String module() {
		return "api-service";
	}

	@Override
	protected int replicas() {
		return 2;
	}

	@Test
	void readsItsOwnProperties() {
		assertThat(this.bindable.binds("MINITICKETS_RATE_LIMIT_LOGIN_CAPACITY")).isTrue();
		assertThat(this.bindable.binds("INVENTORY_GATE_ENABLED")).as("the design's own name, through application.yml").isTrue();
		assertThat(this.bindable.binds("TRUST_PROXY_HOPS")).as("the design's own name, through application.yml").isTrue();
	}

}
