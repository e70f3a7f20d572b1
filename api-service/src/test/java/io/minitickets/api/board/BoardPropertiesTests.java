package io.minitickets.api.board;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The defaults of {@code minitickets.board.*} are the documented ones (docs/OPERATIONS.md, "The sale-day board").
 */
class BoardPropertiesTests {

	@Test
	void samplesOncePerSecondAndKeepsTenMinutes() {
		BoardProperties properties = new Binder(new MapConfigurationPropertySource(Map.of()))
			.bindOrCreate("minitickets.board", BoardProperties.class);

		assertThat(properties.period()).isEqualTo(Duration.ofSeconds(1));
		assertThat(properties.history()).isEqualTo(Duration.ofMinutes(10));
		assertThat(properties.samples()).isEqualTo(600);
		assertThat(properties.p99Window()).isEqualTo(Duration.ofSeconds(10));
		assertThat(properties.events()).isEqualTo(20);
		assertThat(properties.kafkaTimeout()).isEqualTo(Duration.ofSeconds(2));
	}

}
