package io.minitickets.core.testing.compose;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class BindableEnvironmentTests {

	@TempDir
	Path classPath;

	@Test
	void derivesBothEnvironmentNamesSpringBootBindsToADashedProperty() {
		assertThat(BindableEnvironment.environmentNames("minitickets.rate-limit.trust-proxy-hops"))
			.containsExactlyInAnyOrder("MINITICKETS_RATELIMIT_TRUSTPROXYHOPS", "MINITICKETS_RATE_LIMIT_TRUST_PROXY_HOPS");
		assertThat(BindableEnvironment.environmentNames("spring.datasource.url"))
			.containsExactly("SPRING_DATASOURCE_URL");
	}

	@Test
	void bindsBookingCoresPropertiesAndNotAMisspellingOfOne() {
		BindableEnvironment core = BindableEnvironment.of(getClass().getClassLoader());

		assertThat(core.binds("MINITICKETS_GATE_ENABLED")).isTrue();
		assertThat(core.binds("MINITICKETS_VALKEY_URL")).isTrue();
		assertThat(core.binds("MINITICKETS_GATE_LEASE_TTL")).isTrue();
		assertThat(core.unbound(List.of("MINITICKETS_GATE_ENABLEDD", "MINITICKETS_GATE_ENABLED")))
			.containsExactly("MINITICKETS_GATE_ENABLEDD");
	}

	@Test
	void bindsWhatTheApplicationFileReadsThroughAPlaceholderAndEveryKeyOfAMapProperty() throws IOException {
		Files.createDirectories(this.classPath.resolve("META-INF"));
		Files.writeString(this.classPath.resolve("META-INF/spring-configuration-metadata.json"), """
				{"properties": [
				  {"name": "minitickets.gate.enabled", "type": "java.lang.Boolean"},
				  {"name": "spring.kafka.properties", "type": "java.util.Map<java.lang.String,java.lang.String>"}
				]}""");
		Files.writeString(this.classPath.resolve("application.yml"), """
				minitickets:
				  gate:
				    enabled: ${INVENTORY_GATE_ENABLED:true}
				""");

		try (URLClassLoader loader = new URLClassLoader(new URL[] { this.classPath.toUri().toURL() }, null)) {
			BindableEnvironment service = BindableEnvironment.of(loader);

			assertThat(service.binds("INVENTORY_GATE_ENABLED")).isTrue();
			assertThat(service.binds("SPRING_KAFKA_PROPERTIES_LINGER_MS")).isTrue();
			assertThat(service.binds("TRUST_PROXY_HOPS")).isFalse();
			assertThat(service.binds("SPRING_KAFKA_PROPERTIESX")).isFalse();
		}
	}

}
