package io.minitickets.worker.payment;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The refund retrier's defaults are the ones docs/OPERATIONS.md lists.
 */
class RefundPropertiesTests {

	@Test
	void defaultsAreTheDocumentedOnes() {
		RefundProperties properties = new Binder(new MapConfigurationPropertySource(Map.of()))
			.bindOrCreate("minitickets.refunds", RefundProperties.class);

		assertThat(properties.retryInterval()).isEqualTo(Duration.ofSeconds(30));
		assertThat(properties.retryAfter()).isEqualTo(Duration.ofSeconds(10));
		assertThat(properties.batch()).isEqualTo(100);
	}

}
