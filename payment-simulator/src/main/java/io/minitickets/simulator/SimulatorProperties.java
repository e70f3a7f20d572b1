package io.minitickets.simulator;

import java.net.URI;
import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The payment simulator ({@code minitickets.simulator.*}).
 *
 * @param apiKey the secret key clients must send as {@code Authorization: Bearer <key>}, like a Stripe secret key;
 * required ({@code MINITICKETS_SIMULATOR_API_KEY})
 * @param webhookSecret the signing secret of webhooks ({@code whsec_…}); the receiver verifies with the same one;
 * required ({@code MINITICKETS_SIMULATOR_WEBHOOK_SECRET})
 * @param webhookUrl where webhooks are delivered (api-service's {@code /api/payments/webhook} in the local stack);
 * required ({@code MINITICKETS_SIMULATOR_WEBHOOK_URL})
 * @param deliveryAttempts how many times one delivery is tried before it is given up (recorded as failed)
 * @param firstRetry the wait after the first failed attempt; it doubles with each further failure
 * @param maxRetry the longest wait between two attempts
 * @param deliveryTimeout how long one attempt may take, connection included, before it counts as failed
 */
@ConfigurationProperties("minitickets.simulator")
public record SimulatorProperties(String apiKey, String webhookSecret, URI webhookUrl,
		@DefaultValue("10") int deliveryAttempts, @DefaultValue("1s") Duration firstRetry,
		@DefaultValue("60s") Duration maxRetry, @DefaultValue("5s") Duration deliveryTimeout) {

	/**
	 * @throws IllegalArgumentException when the API key, webhook secret or webhook URL is missing, or fewer than one
	 * attempt is allowed
	 */
	public SimulatorProperties {
		if (apiKey == null || apiKey.isBlank() || webhookSecret == null || webhookSecret.isBlank()
				|| webhookUrl == null) {
			throw new IllegalArgumentException("minitickets.simulator.api-key, .webhook-secret and .webhook-url are "
					+ "required");
		}
		if (deliveryAttempts < 1) {
			throw new IllegalArgumentException("minitickets.simulator.delivery-attempts must be at least 1");
		}
	}

	/**
	 * @param failedAttempts how many attempts failed so far, at least 1
	 * @return how long to wait before the next attempt: {@link #firstRetry()} doubled per further failure, at most
	 * {@link #maxRetry()}
	 */
	public Duration retryDelay(int failedAttempts) {
		Duration delay = this.firstRetry.multipliedBy(1L << Math.min(failedAttempts - 1, 20));
		return (delay.compareTo(this.maxRetry) > 0) ? this.maxRetry : delay;
	}

}
