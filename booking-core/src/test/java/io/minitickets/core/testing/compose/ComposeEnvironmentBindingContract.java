package io.minitickets.core.testing.compose;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The test every service inherits: each variable docker-compose.yml sets on the service's replicas binds to a
 * configuration property of that service (its class path's configuration metadata, or a placeholder of its
 * application.yml), so a renamed or misspelled property fails here instead of being silently ignored in production.
 */
public abstract class ComposeEnvironmentBindingContract {

	/** What the service's class path can bind. */
	protected final BindableEnvironment bindable = BindableEnvironment.of(getClass().getClassLoader());

	/**
	 * @return the module the compose file builds the service from ({@code api-service})
	 */
	protected abstract String module();

	/**
	 * @return how many replicas of the service the compose file runs
	 */
	protected abstract int replicas();

	@Test
	void everyVariableTheComposeFileSetsBindsToAPropertyOfTheService() {
		List<ComposeService> replicas = ComposeFile.atRepositoryRoot().servicesBuiltFrom(module());
		Map<String, List<String>> unbound = new TreeMap<>();
		replicas.forEach((replica) -> unbound.put(replica.name(), this.bindable.unbound(replica.environment().keySet())));

		assertThat(replicas).hasSize(replicas());
		assertThat(unbound).as("variables docker-compose.yml sets on each replica that bind to no property")
			.allSatisfy((replica, variables) -> assertThat(variables).as(replica).isEmpty());
	}

	@Test
	void readsSpringBootsPropertiesButNotAMisspellingOfOne() {
		assertThat(this.bindable.binds("SPRING_DATASOURCE_URL")).isTrue();
		assertThat(this.bindable.binds("MANAGEMENT_SERVER_PORT")).isTrue();
		assertThat(this.bindable.binds("MINITICKETS_GATE_ENABLEDD")).isFalse();
	}

}
