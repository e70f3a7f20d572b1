package io.minitickets.worker.system;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class ConsumerGroupPropertiesTests {

	@Test
	void defaultsAreTheDocumentedOnes() {
		ConsumerGroupProperties properties = new Binder(new MapConfigurationPropertySource())
			.bindOrCreate("minitickets.worker.group", ConsumerGroupProperties.class);

		assertThat(properties.sessionTimeout()).isEqualTo(Duration.ofSeconds(6));
		assertThat(properties.heartbeatInterval()).isEqualTo(Duration.ofSeconds(2));
	}

	@Test
	void refusesAHeartbeatIntervalAboveAThirdOfTheSessionTimeout() {
		Binder binder = new Binder(new MapConfigurationPropertySource(
				Map.of("minitickets.worker.group.session-timeout", "6s", "minitickets.worker.group.heartbeat-interval",
						"2500ms")));

		assertThatExceptionOfType(BindException.class)
			.isThrownBy(() -> binder.bindOrCreate("minitickets.worker.group", ConsumerGroupProperties.class))
			.havingRootCause()
			.withMessageContaining("at most a third of session-timeout");
	}

}
