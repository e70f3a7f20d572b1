package io.minitickets.worker.system;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

class WorkerPropertiesTests {

	@Test
	void defaultsAreTheDocumentedOnes() {
		WorkerProperties properties = new Binder(new MapConfigurationPropertySource())
			.bindOrCreate("minitickets.worker", WorkerProperties.class);

		assertThat(properties.gateSettleTimeout()).isEqualTo(Duration.ofSeconds(1));
		assertThat(properties.settledPublishTimeout()).isEqualTo(Duration.ofSeconds(10));
		assertThat(properties.retryInitialInterval()).isEqualTo(Duration.ofMillis(100));
		assertThat(properties.retryMaxInterval()).isEqualTo(Duration.ofSeconds(5));
		assertThat(properties.failpoint()).isEqualTo(WorkerProperties.Failpoint.NONE);
		assertThat(properties.settleRateCap()).isZero();
		assertThat(properties.slowdownFile()).isNull();
	}

}
