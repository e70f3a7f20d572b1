package io.minitickets.reconciler.inventory;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class ReconcilerPropertiesTests {

	@Test
	void defaultsAreTheDocumentedOnes() {
		ReconcilerProperties properties = bind(Map.of());
		assertThat(properties.interval()).isEqualTo(Duration.ofSeconds(5));
		assertThat(properties.batchSize()).isEqualTo(50);
		assertThat(properties.expiredLeasesPerEvent()).isEqualTo(500);
		assertThat(properties.orphanGrace()).isEqualTo(Duration.ofSeconds(10));
	}

	@Test
	void bindsDurationsAndLimits() {
		ReconcilerProperties properties = bind(Map.of("minitickets.reconciler.interval", "250ms",
				"minitickets.reconciler.batch-size", "7", "minitickets.reconciler.expired-leases-per-event", "9",
				"minitickets.reconciler.orphan-grace", "0s"));
		assertThat(properties).isEqualTo(new ReconcilerProperties(Duration.ofMillis(250), 7, 9, Duration.ZERO));
	}

	@Test
	void refusesAnEmptyBatch() {
		assertThatExceptionOfType(BindException.class)
			.isThrownBy(() -> bind(Map.of("minitickets.reconciler.batch-size", "0")))
			.withStackTraceContaining("batch-size must be at least 1");
	}

	@Test
	void refusesAZeroInterval() {
		assertThatExceptionOfType(BindException.class)
			.isThrownBy(() -> bind(Map.of("minitickets.reconciler.interval", "0s")))
			.withStackTraceContaining("interval must be positive");
	}

	@Test
	void refusesANegativeOrphanGrace() {
		assertThatExceptionOfType(BindException.class)
			.isThrownBy(() -> bind(Map.of("minitickets.reconciler.orphan-grace", "-1s")))
			.withStackTraceContaining("orphan-grace must not be negative");
	}

	private static ReconcilerProperties bind(Map<String, String> values) {
		return new Binder(new MapConfigurationPropertySource(values)).bindOrCreate("minitickets.reconciler",
				ReconcilerProperties.class);
	}

}
