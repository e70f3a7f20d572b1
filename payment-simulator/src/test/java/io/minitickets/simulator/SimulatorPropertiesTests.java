package io.minitickets.simulator;

import java.net.URI;
import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The simulator's delivery defaults are the documented ones (OPERATIONS.md, "Payments"; README, "The payment
 * simulator"), its backoff doubles up to its cap, and it does not start without its key, secret and target.
 */
class SimulatorPropertiesTests {

	private static final Map<String, String> REQUIRED = Map.of("minitickets.simulator.api-key", "sk_test_1",
			"minitickets.simulator.webhook-secret", "whsec_1", "minitickets.simulator.webhook-url",
			"http://127.0.0.1:1/api/payments/webhook");

	@Test
	void retriesTenAttemptsFromOneSecondDoublingUpToOneMinuteEachAttemptFiveSecondsAtMost() {
		SimulatorProperties properties = bind(REQUIRED);

		assertThat(properties.webhookUrl()).isEqualTo(URI.create("http://127.0.0.1:1/api/payments/webhook"));
		assertThat(properties.deliveryAttempts()).isEqualTo(10);
		assertThat(properties.deliveryTimeout()).isEqualTo(Duration.ofSeconds(5));
		assertThat(properties.retryDelay(1)).isEqualTo(Duration.ofSeconds(1));
		assertThat(properties.retryDelay(2)).isEqualTo(Duration.ofSeconds(2));
		assertThat(properties.retryDelay(6)).isEqualTo(Duration.ofSeconds(32));
		assertThat(properties.retryDelay(7)).isEqualTo(Duration.ofSeconds(60));
		assertThat(properties.retryDelay(200)).isEqualTo(Duration.ofSeconds(60));
	}

	@Test
	void refusesToStartWithoutTheWebhookSecret() {
		Map<String, String> withoutSecret = new java.util.HashMap<>(REQUIRED);
		withoutSecret.remove("minitickets.simulator.webhook-secret");

		assertThatExceptionOfType(BindException.class).isThrownBy(() -> bind(withoutSecret))
			.withRootCauseInstanceOf(IllegalArgumentException.class);
	}

	private static SimulatorProperties bind(Map<String, String> properties) {
		return new Binder(new MapConfigurationPropertySource(properties)).bindOrCreate("minitickets.simulator",
				SimulatorProperties.class);
	}

}
