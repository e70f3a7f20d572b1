package io.minitickets.worker.expiry;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class HoldPropertiesTests {

	@Test
	void defaultsAreTheDocumentedOnes() {
		HoldProperties properties = bind(Map.of());

		assertThat(properties.expiryInterval()).isEqualTo(Duration.ofMillis(200));
		assertThat(properties.chunk()).isEqualTo(5_000);
	}

	@Test
	void refusesAZeroInterval() {
		assertThatExceptionOfType(BindException.class)
			.isThrownBy(() -> bind(Map.of("minitickets.holds.expiry-interval", "0s")))
			.withStackTraceContaining("expiry-interval must be positive");
	}

	@Test
	void refusesAChunkOutsideItsBounds() {
		assertThatExceptionOfType(BindException.class)
			.isThrownBy(() -> bind(Map.of("minitickets.holds.chunk", "0")))
			.withStackTraceContaining("chunk must be 1 to 50000");
		assertThatExceptionOfType(BindException.class)
			.isThrownBy(() -> bind(Map.of("minitickets.holds.chunk", "50001")))
			.withStackTraceContaining("chunk must be 1 to 50000");
	}

	private static HoldProperties bind(Map<String, String> values) {
		return new Binder(new MapConfigurationPropertySource(values)).bindOrCreate("minitickets.holds",
				HoldProperties.class);
	}

}
