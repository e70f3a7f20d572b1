package io.minitickets.api;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.minitickets.api.ApiServiceApplication;
import io.minitickets.core.testing.compose.BindableEnvironment;
import io.minitickets.core.testing.compose.ComposeFile;
import io.minitickets.core.testing.compose.ComposeService;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every variable docker-compose.yml sets on api-service binds to a configuration property of api-service (its class path's
 * configuration metadata, or a placeholder of its application.yml), so a renamed or misspelled property fails here
 * instead of being silently ignored in production.
 */
class ComposeEnvironmentBindingTests {

	private final BindableEnvironment bindable = BindableEnvironment.of(ApiServiceApplication.class.getClassLoader());

	@Test
	void everyVariableTheComposeFileSetsBindsToAPropertyOfTheService() {
		List<ComposeService> replicas = ComposeFile.atRepositoryRoot().servicesBuiltFrom("api-service");
		Map<String, List<String>> unbound = new TreeMap<>();
		replicas.forEach((replica) -> unbound.put(replica.name(), this.bindable.unbound(replica.environment().keySet())));

		assertThat(replicas).hasSize(2);
		assertThat(unbound).as("variables docker-compose.yml sets on each replica that bind to no property")
			.allSatisfy((replica, variables) -> assertThat(variables).as(replica).isEmpty());
	}

	@Test
	void readsSpringBootsAndItsOwnPropertiesButNotAMisspellingOfOne() {
		assertThat(this.bindable.binds("SPRING_DATASOURCE_URL")).isTrue();
		assertThat(this.bindable.binds("MANAGEMENT_SERVER_PORT")).isTrue();
		assertThat(this.bindable.binds("MINITICKETS_RATE_LIMIT_LOGIN_CAPACITY")).isTrue();
		assertThat(this.bindable.binds("MINITICKETS_GATE_ENABLEDD")).isFalse();
	}

	@Test
	void readsTheDesignsOwnNamesThroughApplicationYml() {
		assertThat(this.bindable.binds("INVENTORY_GATE_ENABLED")).isTrue();
		assertThat(this.bindable.binds("TRUST_PROXY_HOPS")).isTrue();
	}

}
