package io.minitickets.core.payment;

import java.net.URI;
import java.time.Duration;

import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The payment provider ({@code minitickets.payment.*}).
 *
 * @param provider which provider's contract to speak; {@code stripe} (the local stack's simulator speaks it too)
 * @param apiKey the provider's secret API key ({@code sk_live_…}, {@code sk_test_…}, or the simulator's); no default:
 * the adapter refuses to start without one ({@code MINITICKETS_PAYMENT_API_KEY})
 * @param webhookSecret the signing secret of the webhook endpoint ({@code whsec_…}); no default: the adapter refuses
 * to start without one ({@code MINITICKETS_PAYMENT_WEBHOOK_SECRET})
 * @param apiBase the provider's API base URL: Stripe's own, or the simulator's in the local stack
 * @param webhookTolerance how old a webhook's signed timestamp may be before it is refused as a possible replay;
 * Stripe's library defaults to 300 s ({@code Webhook.DEFAULT_TOLERANCE})
 * @param connectTimeout how long to wait for a connection to the provider; stripe-java's default is 30 s, too long
 * for a request a customer waits on
 * @param readTimeout how long to wait for the provider's answer once connected; stripe-java's default is 80 s
 * @param maxNetworkRetries how many times the library retries a call that failed on the network or with 409/429/5xx
 * (with the same idempotency key, so nothing happens twice); stripe-java's default is 0
 */
@ConfigurationProperties("minitickets.payment")
public record PaymentProperties(@DefaultValue("stripe") Provider provider, @Nullable String apiKey,
		@Nullable String webhookSecret, @DefaultValue("https://api.stripe.com") URI apiBase,
		@DefaultValue("300s") Duration webhookTolerance, @DefaultValue("5s") Duration connectTimeout,
		@DefaultValue("20s") Duration readTimeout, @DefaultValue("2") int maxNetworkRetries) {

	/** The providers whose contract the adapter speaks. */
	public enum Provider {

		/** Stripe Checkout Sessions, refunds and webhooks (stripe-java). */
		STRIPE

	}

}
