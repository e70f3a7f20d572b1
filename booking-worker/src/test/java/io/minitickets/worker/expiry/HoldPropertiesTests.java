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
		assertThat(properties.expiryParallelism()).isEqualTo(2);
		assertThat(properties.expiryLockTimeout()).isEqualTo(Duration.ofMillis(300));
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

	@Test
	void refusesAParallelismOutsideItsBounds() {
		assertThatExceptionOfType(BindException.class)
			.isThrownBy(() -> bind(Map.of("minitickets.holds.expiry-parallelism", "0")))
			.withStackTraceContaining("expiry-parallelism must be 1 to 16");
		assertThatExceptionOfType(BindException.class)
			.isThrownBy(() -> bind(Map.of("minitickets.holds.expiry-parallelism", "17")))
			.withStackTraceContaining("expiry-parallelism must be 1 to 16");
	}

	@Test
	void refusesALockTimeoutOutsideItsBounds() {
		assertThatExceptionOfType(BindException.class)
			.isThrownBy(() -> bind(Map.of("minitickets.holds.expiry-lock-timeout", "0ms")))
			.withStackTraceContaining("expiry-lock-timeout must be 1ms to 10s");
		assertThatExceptionOfType(BindException.class)
			.isThrownBy(() -> bind(Map.of("minitickets.holds.expiry-lock-timeout", "11s")))
			.withStackTraceContaining("expiry-lock-timeout must be 1ms to 10s");
	}

	private static HoldProperties bind(Map<String, String> values) {
		return new Binder(new MapConfigurationPropertySource(values)).bindOrCreate("minitickets.holds",
				HoldProperties.class);
	}

}
